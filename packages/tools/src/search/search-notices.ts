/** How a search helper run ended, as the notices of the contracts word it. */
export interface RunEnding {
  readonly timedOut: boolean;
  readonly outputLimited: boolean;
}

/** The label and advice texts of one tool (`glob` / `search`). */
export interface NoticeWords {
  readonly noun: 'glob' | 'search';
  readonly narrow: string;
}

/** Glob's words. */
export const GLOB_WORDS: NoticeWords = { noun: 'glob', narrow: 'Narrow the search.' };
/** Grep's words. */
export const GREP_WORDS: NoticeWords = {
  noun: 'search',
  narrow: 'Narrow :path, :glob, :type, or :pattern.',
};

/** The prefix that labels partial output, or '' when the run completed. */
export function partialPrefix(ending: RunEnding, words: NoticeWords): string {
  if (ending.timedOut)
    return `Warning: ${words.noun} timed out; results are partial. ${words.narrow}\n`;
  if (ending.outputLimited)
    return `Warning: ${words.noun} reached its output limit; results are partial. ${words.narrow}\n`;
  return '';
}

/** The error when a run timed out before producing anything. */
export function timeoutError(words: NoticeWords): string {
  return words.noun === 'glob'
    ? 'Error: glob timed out; narrow the search'
    : `Error: search timed out; ${words.narrow.charAt(0).toLowerCase()}${words.narrow.slice(1)}`;
}

/** The error for any other failing exit. */
export function failureError(words: NoticeWords, exitCode: number | null, detail: string): string {
  const advice = words.noun === 'glob' ? 'Narrow :path or :pattern.' : words.narrow;
  const suffix = detail === '' ? '' : `\n${detail}`;
  return `Error: ${words.noun} failed (exit code ${exitCode ?? 'none'}). ${advice}${suffix}`;
}

/**
 * Whether a confined ripgrep run's exit code 2 is a real failure. Confined output interleaves
 * stderr with stdout and the tools pass `--no-messages` there, so per-file errors (an unreadable
 * file) leave only results while ripgrep still exits 2; a fatal error (a bad regular expression
 * or glob) prints its `rg: ` message before any result.
 */
export function isConfinedFailure(exitCode: number | null, output: string): boolean {
  return exitCode === 2 && (output.trim() === '' || output.startsWith('rg: '));
}

/** The diagnostic of a confined failure: ripgrep's message, or what an empty exit 2 means. */
export function confinedDiagnostic(output: string): string {
  const message = output.trim();
  return message === '' ? 'Some files or directories could not be read.' : message;
}
