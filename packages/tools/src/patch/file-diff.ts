import type { AppliedHunk } from './apply-hunks.js';

const MAX_DIFF_LINES = 400;

function cap(lines: string[]): string {
  if (lines.length <= MAX_DIFF_LINES) return lines.join('\n');
  return `${lines.slice(0, MAX_DIFF_LINES).join('\n')}\n... ${lines.length - MAX_DIFF_LINES} more diff lines`;
}

/** A unified diff of an updated (or moved) file, one diff hunk per applied patch hunk. */
export function updateDiff(
  shown: string,
  destination: string,
  hunks: readonly AppliedHunk[],
): string {
  const lines = [`--- a/${shown}`, `+++ b/${destination}`];
  for (const hunk of hunks) {
    if (hunk.diff.every((line) => line.startsWith(' '))) continue;
    lines.push(hunkHeader(hunk), ...hunk.diff);
  }
  return cap(lines);
}

function hunkHeader(hunk: AppliedHunk): string {
  return `@@ -${hunk.oldStart + 1},${hunk.oldCount} +${hunk.newStart + 1},${hunk.newCount} @@`;
}

/** One applied hunk as a unified diff hunk: its `@@` header and its lines. */
export function hunkDiff(hunk: AppliedHunk): string {
  return cap([hunkHeader(hunk), ...hunk.diff]);
}

/** A unified diff that adds or deletes a whole file. */
export function wholeFileDiff(shown: string, lines: readonly string[], added: boolean): string {
  const header = added ? ['--- /dev/null', `+++ b/${shown}`] : [`--- a/${shown}`, '+++ /dev/null'];
  const range = added ? `@@ -0,0 +1,${lines.length} @@` : `@@ -1,${lines.length} +0,0 @@`;
  return cap([...header, range, ...lines.map((line) => `${added ? '+' : '-'}${line}`)]);
}
