import { realpath } from 'node:fs/promises';
import { defineTool, type Tool } from '@toolcall/pipeline';
import { type FileToolOptions, targetOf } from '../file-target.js';
import { ripgrepPath } from '../helpers/ripgrep-path.js';
import { runHelper } from '../helpers/run-helper.js';
import { fileToolRenderers } from '../render/renderers.js';
import { deniedPathsOf } from './denied-paths.js';
import { planGlob } from './glob-pattern.js';
import { grepArgumentsSchema, modeFlags } from './grep-arguments.js';
import { lineFilter, pageOutput, pageWatcher, showPath, showPaths } from './grep-output.js';
import { vcsExcludes } from './ripgrep-args.js';
import { searchDocuments } from './search-documents.js';
import {
  confinedDiagnostic,
  failureError,
  GREP_WORDS,
  isConfinedFailure,
  partialPrefix,
  timeoutError,
} from './search-notices.js';
import { searchScopeOf } from './search-roots.js';

const DESCRIPTION = [
  'Searches file contents with ripgrep regular expressions.',
  'output_mode: "files_with_matches" (default, absolute paths), "content" (matching lines with line numbers, -A/-B/-C context) or "count" (path:count).',
  'Hidden files are searched, .gitignore is honoured unless :path or a positive :glob names ignored files, VCS metadata is skipped. Results are paged with head_limit (default 250, 0 = all) and offset.',
  'Accepts resource addresses as :path. More: Read toolcall://tools/files.md.',
].join(' ');

const MAX_COLLECTED_BYTES = 8 * 1024 * 1024;

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
    args: grepArgumentsSchema(),
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
      const denied = deniedPathsOf(context.deniedReadPaths, options.cwd);
      const withheld = (file: string): boolean => denied?.denies(file, scope.show(file)) === true;
      // A file root may be a symlink: the file it reads is checked too.
      const rule =
        denied?.rootRule(scope.roots, scope.show) ??
        (denied !== undefined && scope.file
          ? denied.rootRule(
              await Promise.all(scope.roots.map((root) => realpath(root).catch(() => root))),
              scope.show,
            )
          : undefined);
      if (rule !== undefined)
        return fail(`Permission denied: ${target.shown} is withheld by the deny rule ${rule}`);
      if (scope.documents !== undefined) {
        const around = Math.max(0, args.context ?? args['-C'] ?? 0);
        const documents =
          denied === undefined
            ? scope.documents
            : scope.documents.filter((document) => !denied.denies(document.address));
        const searched = searchDocuments(documents, {
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
      if (scope.include.length > 0) {
        // A family's file kinds become a ripgrep type: positive globs are alternatives, so a
        // user :glob beside them would widen the scope, while a type and globs must both match.
        // Types are alternatives too, so a user :type cannot narrow a scoped family further.
        for (const suffix of scope.include) argv.push('--type-add', `scope:*${suffix}`);
        argv.push('--type', 'scope');
      } else if (args.type !== undefined) {
        argv.push('--type', args.type);
      }
      let roots = scope.roots;
      if (args.glob !== undefined && !scope.file) {
        // Literal leading directories of the glob become explicit roots, so an ignored
        // directory the glob names is searched rather than pruned.
        const narrowed: string[] = [];
        for (const root of scope.roots) {
          const plan = await planGlob(root, args.glob, 'Grep :glob');
          if (plan.kind === 'error') return fail(plan.message);
          if (plan.kind === 'search') {
            for (const glob of plan.globs) argv.push('--glob', glob);
            narrowed.push(...plan.roots);
          }
        }
        roots = narrowed;
      }
      // ripgrep searches a root it is given even when an exclusion names it.
      if (denied !== undefined) roots = roots.filter((root) => !withheld(root));
      if (roots.length === 0) return { result: 'No matches found', status: 'success' as const };
      // Content headings end in NUL, so withheld files' lines can be told from content.
      if (denied !== undefined && mode === 'content') argv.push('--null');
      argv.push(
        ...(denied?.excludes ?? []),
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
        // ripgrep stops once the page is settled rather than after the whole tree.
        enough: pageWatcher(
          { headLimit, offset },
          (line) => showPath(line, mode, scope.show),
          denied === undefined ? undefined : lineFilter(mode, withheld),
        ),
        signal: context.signal,
        manager: options.exec,
      });
      let output = run.stdout.toString('utf8');
      // Confined helpers interleave stderr with stdout: a fatal error's output is its diagnostic.
      if (options.exec !== undefined && isConfinedFailure(run.exitCode, output)) {
        return fail(
          failureError(GREP_WORDS, run.exitCode, scope.rewrite(confinedDiagnostic(output))),
        );
      }
      if ((run.timedOut || run.outputLimited || run.stoppedEarly) && !output.endsWith('\n'))
        output = output.slice(0, output.lastIndexOf('\n') + 1);
      let lines = output === '' ? [] : output.replace(/\n$/, '').split('\n');
      if (denied !== undefined) {
        const filter = lineFilter(mode, withheld);
        lines = [...lines.flatMap((line) => filter.push(line)), ...filter.end()];
      }
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
