import type { ExecManager } from '@toolcall/exec';
import { ripgrepPath } from '../helpers/ripgrep-path.js';
import { runHelper } from '../helpers/run-helper.js';
import { vcsExcludes } from '../search/ripgrep-args.js';

/** Most entries a directory Read lists. */
export const MAX_LISTED = 1000;

/** Lists the files below a directory (hidden included, VCS metadata excluded, no symlinks followed). */
export async function listDirectory(
  directory: string,
  shown: string,
  timeoutMs: number,
  manager: ExecManager | undefined,
): Promise<{ text: string; error: boolean }> {
  const run = await runHelper({
    argv: [
      ripgrepPath(),
      '--files',
      '--hidden',
      '--no-ignore',
      ...vcsExcludes(),
      '--sort',
      'path',
      '--',
      directory,
    ],
    readRoots: [directory],
    timeoutMs,
    manager,
    maxOutputBytes: 4 * 1024 * 1024,
  });
  const entries = run.stdout.toString('utf8').split('\n').filter(Boolean);
  if (entries.length === 0) {
    if (run.timedOut)
      return { text: `Listing ${shown} timed out; read a subdirectory.`, error: true };
    return { text: `No files found under ${shown}`, error: false };
  }
  const shownEntries = entries.slice(0, MAX_LISTED);
  const cut = entries.length > MAX_LISTED || run.outputLimited || run.timedOut;
  const header = `Directory ${shown} (${cut ? `first ${shownEntries.length} files` : `${entries.length} files`}):`;
  const footer = cut
    ? `\n... Listing truncated at ${shownEntries.length} entries. Use Glob with a narrower :path or :pattern.`
    : '';
  return { text: `${header}\n${shownEntries.join('\n')}${footer}`, error: false };
}
