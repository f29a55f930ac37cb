import { defineTool, pathOrResource, type Tool, z } from '@toolcall/pipeline';
import { type FileToolOptions, targetOf } from '../file-target.js';
import { ripgrepPath } from '../helpers/ripgrep-path.js';
import { runHelper } from '../helpers/run-helper.js';
import { fileToolRenderers } from '../render/renderers.js';
import { deniedPathsOf } from './denied-paths.js';
import { planGlob } from './glob-pattern.js';
import { lineWatcher, vcsExcludes } from './ripgrep-args.js';
import {
  confinedDiagnostic,
  failureError,
  GLOB_WORDS,
  isConfinedFailure,
  partialPrefix,
  timeoutError,
} from './search-notices.js';
import { searchScopeOf } from './search-roots.js';

const DESCRIPTION = [
  'Finds files by glob pattern (case-insensitive) and returns their absolute paths, at most 100.',
  'Hidden and git-ignored files are included; .git, .svn, .hg, .bzr, .jj and .sl are excluded; symlinks are not followed.',
  'A pattern without `/` matches names at any depth (`*.ts`); one with `/` is anchored at :path (`src/**/*.test.ts`). Patterns must be relative and stay inside :path.',
  'Accepts resource addresses (work://, artifact://, memory://, toolcall://) as :path. More: Read toolcall://tools/files.md.',
].join(' ');

const MAX_ENTRIES = 100;
const MAX_BYTES = 30 * 1024;

/** Creates the Glob tool over ripgrep's file listing. */
export function createGlobTool(options: FileToolOptions & { readonly timeoutMs?: number }): Tool {
  const timeoutMs = options.timeoutMs ?? 20_000;
  return defineTool({
    name: 'Glob',
    renderer: fileToolRenderers.Glob,
    description: DESCRIPTION,
    readOnly: true,
    async: true,
    maxResultSize: 30_000,
    args: z.object({
      pattern: z.string().describe('The glob pattern, relative to :path, e.g. "**/*.md".'),
      path: pathOrResource({
        access: 'read',
        description: 'The directory to search (default: the working directory).',
      }).optional(),
    }),
    permission: { path: (args) => args.path ?? '.' },
    handler: async (args, context) => {
      const fail = (message: string) => ({
        result: message.startsWith('Error:') ? message : `Error: ${message}`,
        status: 'error' as const,
      });
      if (args.pattern === '') return fail('Pattern must not be empty');
      const target = targetOf(context.resources.path, args.path ?? options.cwd, options.cwd);
      const scoped = await searchScopeOf(target, options.resources, { allowFile: false });
      if (!scoped.success) return fail(scoped.message);
      const { scope } = scoped;
      // Glob lists names and reads no file, so withheld files are filtered from the listing:
      // ripgrep exclusions would follow --glob-case-insensitive and hide more than the rules name.
      const denied = deniedPathsOf(context.deniedReadPaths, options.cwd);
      const withheld = (file: string): boolean => denied?.denies(file, scope.show(file)) === true;
      const rule = denied?.rootRule(scope.roots, scope.show);
      if (rule !== undefined)
        return fail(`Permission denied: ${target.shown} is withheld by the deny rule ${rule}`);
      const argv = [
        ripgrepPath(),
        '--files',
        '--hidden',
        '--no-ignore',
        '--no-config',
        '--glob-case-insensitive',
      ];
      const roots: string[] = [];
      for (const root of scope.roots) {
        const plan = await planGlob(root, args.pattern, 'Glob pattern', { caseInsensitive: true });
        if (plan.kind === 'error') return fail(plan.message);
        if (plan.kind === 'no-match') continue;
        for (const glob of plan.globs) argv.push('--glob', glob);
        roots.push(...plan.roots);
      }
      if (roots.length === 0)
        return {
          result: 'No files found matching pattern',
          status: 'success' as const,
          renderData: { count: 0 },
        };
      // Confined output has no separate stderr, so per-file warnings would read as results.
      if (options.exec !== undefined) argv.push('--no-messages');
      argv.push(...vcsExcludes(), '--', ...roots);
      const included = (line: string): boolean =>
        line !== '' &&
        (scope.include.length === 0 || scope.include.some((suffix) => line.endsWith(suffix))) &&
        !withheld(line);
      const run = await runHelper({
        argv,
        readRoots: roots,
        timeoutMs,
        // One entry past the cap proves the listing was truncated.
        enough: lineWatcher(included, MAX_ENTRIES + 1),
        manager: options.exec,
        signal: context.signal,
      });
      const output = run.stdout.toString('utf8');
      if (options.exec !== undefined && isConfinedFailure(run.exitCode, output)) {
        const detail = confinedDiagnostic(output).split('\n')[0] ?? '';
        return fail(failureError(GLOB_WORDS, run.exitCode, scope.rewrite(detail)));
      }
      // A last line without its newline was cut off mid-write.
      const complete = output.endsWith('\n')
        ? output
        : output.slice(0, output.lastIndexOf('\n') + 1);
      const found = complete.split('\n').filter(included);
      if (found.length === 0) {
        if (run.timedOut) return fail(timeoutError(GLOB_WORDS));
        if (run.exitCode !== 0 && run.exitCode !== 1 && !run.outputLimited) {
          return fail(
            failureError(
              GLOB_WORDS,
              run.exitCode,
              scope.rewrite(run.stderr.trim().split('\n')[0] ?? ''),
            ),
          );
        }
        return {
          result: 'No files found matching pattern',
          status: 'success' as const,
          renderData: { count: 0 },
        };
      }
      const shown = found.slice(0, MAX_ENTRIES).map(scope.show);
      let text = '';
      let bytes = 0;
      let entries = 0;
      for (const line of shown) {
        const size = Buffer.byteLength(line);
        if (bytes + size + 1 > MAX_BYTES) break;
        text += `${entries === 0 ? '' : '\n'}${line}`;
        bytes += size + (entries === 0 ? 0 : 1);
        entries += 1;
      }
      if (entries < shown.length) {
        text +=
          '\n... Output truncated at 30K byte limit. Narrow your search with :path or a more specific :pattern.';
      } else if (found.length > MAX_ENTRIES) {
        text += `\n... Results truncated (limit: ${MAX_ENTRIES}). Narrow your search with :path or a more specific :pattern.`;
      }
      const prefix = partialPrefix({ timedOut: run.timedOut, outputLimited: false }, GLOB_WORDS);
      return {
        result: `${prefix}${text}`,
        status: 'success' as const,
        renderData: { count: entries },
      };
    },
  }) as unknown as Tool;
}
