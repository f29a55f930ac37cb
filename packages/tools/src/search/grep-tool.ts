import { defineTool, pathOrResource, type Tool, z } from '@toolcall/pipeline';
import { type FileToolOptions, targetOf } from '../file-target.js';
import { ripgrepPath } from '../helpers/ripgrep-path.js';
import { runHelper } from '../helpers/run-helper.js';
import { fileToolRenderers } from '../render/renderers.js';
import { planGlob } from './glob-pattern.js';
import { pageOutput, showPaths } from './grep-output.js';
import { vcsExcludes } from './ripgrep-args.js';
import { searchDocuments } from './search-documents.js';
import { failureError, GREP_WORDS, partialPrefix, timeoutError } from './search-notices.js';
import { searchScopeOf } from './search-roots.js';

const DESCRIPTION = [
  'Searches file contents with ripgrep regular expressions.',
  'output_mode: "files_with_matches" (default, absolute paths), "content" (matching lines with line numbers, -A/-B/-C context) or "count" (path:count).',
  'Hidden files are searched, .gitignore is honoured unless :path or a positive :glob names ignored files, VCS metadata is skipped. Results are paged with head_limit (default 250, 0 = all) and offset.',
  'Accepts resource addresses as :path. More: Read toolcall://tools/files.md.',
].join(' ');

const MAX_COLLECTED_BYTES = 8 * 1024 * 1024;

const argumentsSchema = z.object({
  pattern: z.string().describe('The regular expression (ripgrep syntax).'),
  path: pathOrResource({
    access: 'read',
    description: 'File or directory to search (default: the working directory).',
  }).optional(),
  glob: z
    .string()
    .optional()
    .describe('Only files matching this glob, relative to :path, e.g. "*.ts" or "src/**/*.py".'),
  output_mode: z
    .enum(['content', 'files_with_matches', 'count'])
    .optional()
    .describe('What to return (default files_with_matches).'),
  head_limit: z
    .number()
    .int()
    .optional()
    .describe('Output lines to return (default 250, 0 = no limit).'),
  offset: z.number().int().optional().describe('Output lines to skip (default 0).'),
  context: z.number().int().optional().describe('Context lines around each match (content mode).'),
  '-C': z.number().int().optional().describe('Same as context.'),
  '-A': z.number().int().optional().describe('Lines after each match (content mode).'),
  '-B': z.number().int().optional().describe('Lines before each match (content mode).'),
  '-i': z.boolean().optional().describe('Case-insensitive search.'),
  '-n': z.boolean().optional().describe('Show line numbers (content mode, default true).'),
  type: z.string().optional().describe('ripgrep file type, e.g. "ts", "py".'),
  multiline: z.boolean().optional().describe('Let patterns span lines; `.` matches newlines.'),
});

type GrepArguments = z.output<typeof argumentsSchema>;

function modeFlags(args: GrepArguments, perFile: number): string[] {
  const mode = args.output_mode ?? 'files_with_matches';
  if (mode === 'files_with_matches') return ['--files-with-matches'];
  if (mode === 'count') return ['--count-matches', '--with-filename'];
  const flags = ['--heading', '--with-filename', '--max-count', String(perFile)];
  if (args['-n'] !== false) flags.push('--line-number');
  const around = args.context ?? args['-C'];
  if (around !== undefined) flags.push('--context', String(Math.max(0, around)));
  if (args['-A'] !== undefined) flags.push('--after-context', String(Math.max(0, args['-A'])));
  if (args['-B'] !== undefined) flags.push('--before-context', String(Math.max(0, args['-B'])));
  return flags;
}

/** Creates the Grep tool over ripgrep. */
export function createGrepTool(options: FileToolOptions & { readonly timeoutMs?: number }): Tool {
  const timeoutMs = options.timeoutMs ?? 20_000;
  return defineTool({
    name: 'Grep',
    renderer: fileToolRenderers.Grep,
    description: DESCRIPTION,
    readOnly: true,
    async: true,
    maxResultSize: 20_000,
    args: argumentsSchema,
    permission: { path: (args) => args.path ?? '.' },
    handler: async (args, context) => {
      const fail = (message: string) => ({
        result: message.startsWith('Error:') ? message : `Error: ${message}`,
        status: 'error' as const,
      });
      const headLimit = args.head_limit ?? 250;
      const offset = args.offset ?? 0;
      if (headLimit < 0) return fail('Grep :head_limit must be 0 or greater');
      if (offset < 0) return fail('Grep :offset must be 0 or greater');
      const target = targetOf(context.resources.path, args.path ?? options.cwd, options.cwd);
      const scoped = await searchScopeOf(target, options.resources, { allowFile: true });
      if (!scoped.success) return fail(scoped.message);
      const { scope } = scoped;
      const mode = args.output_mode ?? 'files_with_matches';
      if (scope.documents !== undefined) {
        const around = Math.max(0, args.context ?? args['-C'] ?? 0);
        const searched = searchDocuments(scope.documents, {
          pattern: args.pattern,
          mode,
          ignoreCase: args['-i'] === true,
          multiline: args.multiline === true,
          before: Math.max(0, args['-B'] ?? around),
          after: Math.max(0, args['-A'] ?? around),
          lineNumbers: args['-n'] !== false,
        });
        if (!searched.success) return fail(searched.message);
        if (searched.lines.length === 0)
          return { result: 'No matches found', status: 'success' as const };
        const paged = pageOutput(searched.lines, { headLimit, offset });
        if (!paged.success) return fail(paged.message);
        return { result: paged.text, status: 'success' as const };
      }
      const perFile = headLimit === 0 ? 1000 : Math.min(1000, offset + headLimit + 1);
      const argv = [
        ripgrepPath(),
        '--no-config',
        '--hidden',
        '--no-require-git',
        '--color',
        'never',
        '--max-columns',
        '2000',
        '--max-columns-preview',
      ];
      // Confined output has no separate stderr, so per-file warnings would read as results.
      if (options.exec !== undefined) argv.push('--no-messages');
      if (args['-i'] === true) argv.push('--ignore-case');
      if (args.multiline === true) argv.push('--multiline', '--multiline-dotall');
      if (args.type !== undefined) argv.push('--type', args.type);
      for (const suffix of scope.include) argv.push('--glob', `*${suffix}`);
      let roots = scope.roots;
      if (args.glob !== undefined && !scope.file) {
        // Literal leading directories of the glob become explicit roots, so an ignored
        // directory the glob names is searched rather than pruned.
        const narrowed: string[] = [];
        for (const root of scope.roots) {
          const plan = await planGlob(root, args.glob, 'Grep :glob');
          if (plan.kind === 'error') return fail(plan.message);
          if (plan.kind === 'search') {
            argv.push('--glob', plan.glob);
            narrowed.push(plan.root);
          }
        }
        if (narrowed.length === 0)
          return { result: 'No matches found', status: 'success' as const };
        roots = narrowed;
      }
      argv.push(
        ...vcsExcludes(),
        ...modeFlags(args, perFile),
        '--regexp',
        args.pattern,
        '--',
        ...roots,
      );
      const run = await runHelper({
        argv,
        readRoots: roots,
        timeoutMs,
        maxOutputBytes: MAX_COLLECTED_BYTES,
        signal: context.signal,
        manager: options.exec,
      });
      // Confined helpers interleave stderr with stdout: an error exit's output is its diagnostic.
      if (options.exec !== undefined && run.exitCode === 2) {
        return fail(
          failureError(GREP_WORDS, run.exitCode, scope.rewrite(run.stdout.toString('utf8').trim())),
        );
      }
      let output = run.stdout.toString('utf8');
      if ((run.timedOut || run.outputLimited) && !output.endsWith('\n'))
        output = output.slice(0, output.lastIndexOf('\n') + 1);
      const lines = output === '' ? [] : output.replace(/\n$/, '').split('\n');
      if (lines.length === 0) {
        if (run.timedOut) return fail(timeoutError(GREP_WORDS));
        if (run.exitCode === 1 || run.exitCode === 0) {
          return {
            result: 'No matches found',
            status: 'success' as const,
            renderData: { matches: 0, files: 0 },
          };
        }
        return fail(failureError(GREP_WORDS, run.exitCode, scope.rewrite(run.stderr.trim())));
      }
      const shown = showPaths(lines, mode, scope.show);
      const paged = pageOutput(shown, { headLimit, offset });
      if (!paged.success) return fail(paged.message);
      const prefix = partialPrefix(run, GREP_WORDS);
      return { result: `${prefix}${paged.text}`, status: 'success' as const };
    },
  }) as unknown as Tool;
}
