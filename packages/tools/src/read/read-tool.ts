import { defineTool, type HandlerContext, pathOrResource, type Tool, z } from '@toolcall/pipeline';
import type { ResourceOutcome } from '@toolcall/resources';
import { type FileToolOptions, targetOf } from '../file-target.js';
import { fileToolRenderers } from '../render/renderers.js';
import { ROOT_OWNER } from '../root-owner.js';
import { extensionOf } from './binary.js';
import { bufferChunks } from './file-chunks.js';
import { hasFit, type ImageFit } from './image-fit.js';
import type { ReadArguments, ReadResponse } from './read-bytes.js';
import { readBytes, readPath } from './read-file.js';
import { IMAGE_TYPES } from './read-media.js';
import { ConversationReads, ReadMemo, readRemembered } from './read-memo.js';
import { readErrors, readTextWindow } from './read-text.js';

const DESCRIPTION = [
  'Reads a file or resource and returns its lines numbered like `cat -n` (NUMBER<TAB>TEXT).',
  'Reads 2000 lines from `offset` (1-based) by default; a cut-short read ends with the exact call that continues it.',
  'Lines over 2000 characters are cut with ` [...]`. PNG, JPEG, GIF and WebP images are attached as media; PDFs return their text, or selected `pages` as images.',
  'Images and rendered pages can be scaled down with `max_width`, `max_height` and `max_tokens` (needs ImageMagick).',
  'Re-reading an unchanged file with the same range says so instead of repeating it.',
  'A directory lists the files below it. Binary files are refused. Accepts resource addresses such as work://notes.md and toolcall://tools/files.md (the manual).',
].join(' ');

// Built per tool, not at import: constructing zod schemas was most of the package's own
// evaluation at import.
function argumentsSchema() {
  return z.object({
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
    max_width: z
      .number()
      .int()
      .optional()
      .describe('Images and rendered PDF pages only: scale down to at most this many pixels wide.'),
    max_height: z
      .number()
      .int()
      .optional()
      .describe('Images and rendered PDF pages only: scale down to at most this many pixels high.'),
    max_tokens: z
      .number()
      .int()
      .optional()
      .describe(
        'Images and rendered PDF pages only: scale down until each image costs at most this many tokens (width x height / 750).',
      ),
  });
}

const FIT_PARAMETERS = [
  ['max_width', 'maxWidth'],
  ['max_height', 'maxHeight'],
  ['max_tokens', 'maxTokens'],
] as const;

/** The text of an unchanged re-read. */
export function unchangedNotice(shown: string): string {
  return `File ${shown} unchanged since last read.  Reuse the previous contents.`;
}

/** Options of the Read tool beyond the shared file-tool options. */
export interface ReadToolOptions extends FileToolOptions {
  /** Helper timeout for directory listings (default 20 s). */
  readonly timeoutMs?: number;
  /**
   * The owner of a call: `/root` for the root conversation (the default for every call), an
   * agent path such as `/root/worker` for a sub-agent sharing the tool. Each conversation is
   * told that a re-read file is unchanged only when it read that version itself.
   */
  readonly ownerOf?: (context: HandlerContext) => string;
  /**
   * What each conversation has read, kept by the caller so it can be cleared (after a
   * compaction the contents are gone from the conversation); default: private to the tool.
   */
  readonly readMemory?: ConversationReads;
  /**
   * Whether the current model takes media of a type, asked on every call (WebFetch's option of
   * the same name): an image it refuses is an error, and so are PDF `pages` unless it takes
   * `image/png`. A PDF's text needs no media input. Default: every type.
   */
  readonly acceptsMedia?: ((mimeType: string) => boolean) | undefined;
}

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
      });
    }
    case 'listing':
      return listingText(outcome);
    default:
      return error(`Cannot read ${shown}`);
  }
}

/** The max_* bounds of a call (`0` is absent), or the error of the first invalid one. */
function fitOf(args: {
  readonly max_width?: number | undefined;
  readonly max_height?: number | undefined;
  readonly max_tokens?: number | undefined;
}): { fit: ImageFit } | { error: string } {
  const fit: Record<string, number> = {};
  for (const [name, key] of FIT_PARAMETERS) {
    const value = args[name];
    if (value === undefined || value === 0) continue;
    if (value < 0) return { error: readErrors.negative(name) };
    fit[key] = value;
  }
  return { fit };
}

/** Why max_* does not apply to `shown`, or `undefined` when it does. */
function fitMisuse(shown: string, pages: string | undefined): string | undefined {
  const extension = extensionOf(shown);
  if (extension in IMAGE_TYPES || (extension === '.pdf' && pages !== undefined)) return undefined;
  if (extension === '.pdf') {
    return `applies only to rendered PDF pages; add pages="1-" to render ${shown}`;
  }
  return `applies only to images and rendered PDF pages: ${shown}`;
}

/**
 * Creates the Read tool: numbered lines, media, PDFs, listings and resource addresses. Each
 * tool remembers what its root conversation read, so create one per session.
 */
export function createReadTool(options: ReadToolOptions): Tool {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const ownerOf = options.ownerOf ?? (() => ROOT_OWNER);
  const reads = options.readMemory ?? new ConversationReads();
  if (options.acceptsMedia !== undefined && typeof options.acceptsMedia !== 'function') {
    throw new TypeError(
      `createReadTool: acceptsMedia must be a function, received ${String(options.acceptsMedia)}`,
    );
  }
  const acceptsMedia = options.acceptsMedia ?? (() => true);
  return defineTool({
    name: 'Read',
    renderer: fileToolRenderers.Read,
    description: DESCRIPTION,
    readOnly: true,
    args: argumentsSchema(),
    permission: { path: (args) => args.file_path },
    handler: async (args, context) => {
      const shown = args.file_path;
      for (const name of ['offset', 'limit'] as const) {
        const value = args[name];
        if (value !== undefined && value < 0)
          return { result: `Error: ${readErrors.negative(name)}`, status: 'error' as const };
      }
      const pages = args.pages === '' ? undefined : args.pages;
      const bounds = fitOf(args);
      if ('error' in bounds) return { result: `Error: ${bounds.error}`, status: 'error' as const };
      const fit = hasFit(bounds.fit) ? bounds.fit : undefined;
      const readArguments: ReadArguments = {
        offset: args.offset === undefined || args.offset === 0 ? 1 : args.offset,
        limit: args.limit === undefined || args.limit === 0 ? 2000 : args.limit,
        pages,
        fit,
        explicitRange: (args.offset ?? 0) !== 0 || (args.limit ?? 0) !== 0,
        exec: options.exec,
        acceptsMedia,
        signal: context.signal,
      };
      const target = targetOf(context.resources.file_path, shown, options.cwd);
      if (pages !== undefined && !/\.pdf$/i.test(shown)) {
        return {
          result: `Error: Parameter pages applies only to PDF files: ${shown}`,
          status: 'error' as const,
        };
      }
      if (fit !== undefined) {
        const misuse = fitMisuse(shown, pages);
        if (misuse !== undefined) {
          const name = FIT_PARAMETERS.find(([, key]) => fit[key] !== undefined)?.[0];
          return { result: `Error: Parameter ${name} ${misuse}`, status: 'error' as const };
        }
      }
      // A conversation's own plain-path text reads are remembered and answered, each
      // conversation's apart; a read from inside a script is not (the model never saw it).
      const remembered = context.source === 'direct' && pages === undefined && fit === undefined;
      let response: ReadResponse;
      if (target.kind === 'resource') {
        response = await readResource(options, target.attempt, shown, readArguments);
      } else if (remembered) {
        response = await readRemembered(
          reads.of(ownerOf(context)),
          ReadMemo.key(target.path, readArguments.offset, readArguments.limit),
          target.path,
          context.signal,
          () => readPath(target.path, shown, readArguments, timeoutMs),
          unchangedNotice(shown),
        );
      } else {
        response = await readPath(target.path, shown, readArguments, timeoutMs);
      }
      const renderData = {
        path: shown,
        lines: response.lines ?? 0,
        media: response.media?.length ?? 0,
        ...(response.unchanged === true ? { unchanged: true } : {}),
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
