import { defineTool, pathOrResource, type Tool, z } from '@toolcall/pipeline';
import type { ResourceOutcome } from '@toolcall/resources';
import { type FileToolOptions, targetOf } from '../file-target.js';
import { fileToolRenderers } from '../render/renderers.js';
import { bufferChunks } from './file-chunks.js';
import type { ReadArguments, ReadResponse } from './read-bytes.js';
import { readBytes, readPath } from './read-file.js';
import { readErrors, readTextWindow } from './read-text.js';

const DESCRIPTION = [
  'Reads a file or resource and returns its lines numbered like `cat -n` (NUMBER<TAB>TEXT).',
  'Reads 2000 lines from `offset` (1-based) by default; a cut-short read ends with the exact call that continues it.',
  'Lines over 2000 characters are cut with ` [...]`. PNG, JPEG, GIF and WebP images are attached as media; PDFs return their text, or selected `pages` as images.',
  'A directory lists the files below it. Binary files are refused. Accepts resource addresses such as work://notes.md and toolcall://tools/files.md (the manual).',
].join(' ');

const argumentsSchema = z.object({
  file_path: pathOrResource({
    access: 'read',
    description: 'The file, directory or resource address to read.',
  }),
  offset: z.number().int().optional().describe('1-based line to start at (default 1).'),
  limit: z.number().int().optional().describe('Number of lines to read (default 2000).'),
  pages: z
    .string()
    .optional()
    .describe('PDF pages to render as images: "N", "A-B" or "N-" (at most 20).'),
});

const error = (text: string): ReadResponse => ({ text, error: true });

function listingText(outcome: Extract<ResourceOutcome, { kind: 'listing' }>): ReadResponse {
  if (outcome.entries.length === 0)
    return { text: `No files found under ${outcome.address}`, error: false };
  const lines = outcome.entries.map((entry) =>
    entry.label === undefined ? entry.address : `${entry.address}\t${entry.label}`,
  );
  const footer = outcome.truncated ? `\n... Listing truncated at ${lines.length} entries.` : '';
  return { text: `${lines.join('\n')}${footer}`, error: false };
}

async function readResource(
  options: FileToolOptions,
  attempt: unknown,
  shown: string,
  args: ReadArguments,
): Promise<ReadResponse> {
  if (options.resources === undefined)
    return error(`Resource addresses are not available here: ${shown}`);
  const executed = await options.resources.execute(attempt as never);
  if (!executed.success) return error(executed.error.message);
  const outcome = executed.value;
  switch (outcome.kind) {
    case 'file':
      return readBytes(outcome.data, shown, args, outcome.media);
    case 'text': {
      const bytes = new TextEncoder().encode(outcome.text);
      return readTextWindow(bufferChunks(bytes), {
        shown,
        offset: args.offset,
        limit: args.limit,
        size: bytes.length,
      });
    }
    case 'listing':
      return listingText(outcome);
    default:
      return error(`Cannot read ${shown}`);
  }
}

/** Creates the Read tool: numbered lines, media, PDFs, listings and resource addresses. */
export function createReadTool(options: FileToolOptions & { readonly timeoutMs?: number }): Tool {
  const timeoutMs = options.timeoutMs ?? 20_000;
  return defineTool({
    name: 'Read',
    renderer: fileToolRenderers.Read,
    description: DESCRIPTION,
    readOnly: true,
    args: argumentsSchema,
    permission: { path: (args) => args.file_path },
    handler: async (args, context) => {
      const shown = args.file_path;
      for (const name of ['offset', 'limit'] as const) {
        const value = args[name];
        if (value !== undefined && value < 0)
          return { result: `Error: ${readErrors.negative(name)}`, status: 'error' as const };
      }
      const pages = args.pages === '' ? undefined : args.pages;
      const readArguments: ReadArguments = {
        offset: args.offset === undefined || args.offset === 0 ? 1 : args.offset,
        limit: args.limit === undefined || args.limit === 0 ? 2000 : args.limit,
        pages,
        explicitRange: (args.offset ?? 0) !== 0 || (args.limit ?? 0) !== 0,
        exec: options.exec,
      };
      const target = targetOf(context.resources.file_path, shown, options.cwd);
      if (pages !== undefined && !/\.pdf$/i.test(shown)) {
        return {
          result: `Error: Parameter pages applies only to PDF files: ${shown}`,
          status: 'error' as const,
        };
      }
      const response =
        target.kind === 'path'
          ? await readPath(target.path, shown, readArguments, timeoutMs)
          : await readResource(options, target.attempt, shown, readArguments);
      const renderData = {
        path: shown,
        lines: response.lines ?? 0,
        media: response.media?.length ?? 0,
      };
      if (response.error)
        return { result: `Error: ${response.text}`, status: 'error' as const, renderData };
      return {
        result: response.text,
        status: 'success' as const,
        renderData,
        ...(response.media === undefined ? {} : { media: response.media }),
      };
    },
  }) as unknown as Tool;
}
