import { foldPunctuation, MATCH_PASSES } from './match-passes.js';
import { nearestCandidate } from './nearest-candidate.js';
import type { BodyLine, Hunk } from './patch-types.js';
import type { LineEnding } from './text-lines.js';

/** One applied hunk, for the result text and the per-file diff. */
export interface AppliedHunk {
  readonly number: number;
  /** 0-based line in the new content where the hunk starts. */
  readonly newStart: number;
  /** 0-based line in the old content where the hunk starts. */
  readonly oldStart: number;
  readonly diff: readonly string[];
  readonly oldCount: number;
  readonly newCount: number;
  readonly fuzzy: string | undefined;
}

/** The new lines of a file, or the exact reason the hunks do not apply. */
export type HunkResult =
  | {
      readonly success: true;
      readonly lines: string[];
      /** The ending of each new line (see `endingsOf`). */
      readonly endings: LineEnding[];
      readonly applied: AppliedHunk[];
    }
  | { readonly success: false; readonly message: string };

function candidatesOf(
  lines: readonly string[],
  old: readonly string[],
  from: number,
  normalize: (line: string) => string,
): number[] {
  const wanted = old.map(normalize);
  const found: number[] = [];
  for (let start = from; start + wanted.length <= lines.length; start += 1) {
    let equal = true;
    for (let offset = 0; offset < wanted.length; offset += 1) {
      if (normalize(lines[start + offset] as string) !== wanted[offset]) {
        equal = false;
        break;
      }
    }
    if (equal) found.push(start);
  }
  return found;
}

function anchorBelow(lines: readonly string[], anchor: string, from: number): number | undefined {
  const wanted = foldPunctuation(anchor);
  for (let index = from; index < lines.length; index += 1) {
    const line = foldPunctuation(lines[index] as string);
    if (line === wanted || line.startsWith(wanted)) return index + 1;
  }
  return undefined;
}

/**
 * The endings of a hunk's replacement lines. Context lines keep their own. In each run of
 * changed lines, the k-th added line takes the ending of the k-th removed line (the last removed
 * one when more are added); a run that only adds takes the ending of the line above it, else the
 * line below it, else the file's most common ending.
 */
function endingsOf(
  hunkLines: readonly BodyLine[],
  endings: readonly LineEnding[],
  start: number,
  fallback: LineEnding,
): LineEnding[] {
  const result: LineEnding[] = [];
  let fileIndex = start;
  let position = 0;
  while (position < hunkLines.length) {
    const line = hunkLines[position] as BodyLine;
    if (line.kind === ' ') {
      result.push(endings[fileIndex] ?? fallback);
      fileIndex += 1;
      position += 1;
      continue;
    }
    const removed: LineEnding[] = [];
    let added = 0;
    while (position < hunkLines.length && (hunkLines[position] as BodyLine).kind !== ' ') {
      if ((hunkLines[position] as BodyLine).kind === '-') {
        removed.push(endings[fileIndex] ?? fallback);
        fileIndex += 1;
      } else added += 1;
      position += 1;
    }
    const neighbour = result.at(-1) ?? endings[start - 1] ?? endings[fileIndex] ?? fallback;
    for (let index = 0; index < added; index += 1) {
      result.push(removed[Math.min(index, removed.length - 1)] ?? neighbour);
    }
  }
  return result;
}

/**
 * Applies hunks top to bottom (§2.3): the first pass with candidates wins, candidates at or after
 * the previous hunk are preferred, then the `@@ N` hint picks the closest; context comes from the file.
 */
export function applyHunks(
  original: readonly string[],
  hunks: readonly Hunk[],
  shown: string,
  originalEndings: readonly LineEnding[] = original.map(() => '\n'),
  fallback: LineEnding = '\n',
): HunkResult {
  const lines = [...original];
  const endings = [...originalEndings];
  const applied: AppliedHunk[] = [];
  let cursor = 0;
  let delta = 0;
  for (const [position, hunk] of hunks.entries()) {
    const number = position + 1;
    const old = hunk.lines.filter((line) => line.kind !== '+').map((line) => line.text);
    let floor = 0;
    if (hunk.anchor !== undefined) {
      const below = anchorBelow(lines, hunk.anchor, cursor) ?? anchorBelow(lines, hunk.anchor, 0);
      if (below === undefined)
        return {
          success: false,
          message: `Patch hunk does not match ${shown} (hunk ${number}: anchor ${JSON.stringify(hunk.anchor)} not found)`,
        };
      floor = below;
    }
    let start: number | undefined;
    let fuzzy: string | undefined;
    if (old.length === 0) {
      start = hunk.anchor !== undefined ? floor : lines.length;
    } else {
      for (const pass of MATCH_PASSES) {
        let found = candidatesOf(lines, old, floor, pass.normalize);
        if (hunk.endOfFile) {
          const pinned = found.filter((candidate) => candidate + old.length === lines.length);
          if (pinned.length > 0) found = pinned;
        }
        if (found.length === 0) continue;
        const after = found.filter((candidate) => candidate >= cursor);
        if (found.length > 1 && after.length > 0) found = after;
        if (found.length > 1 && hunk.hint !== undefined) {
          const target = hunk.hint - 1 + delta;
          const distance = (candidate: number): number => Math.abs(candidate - target);
          const best = Math.min(...found.map(distance));
          found = found.filter((candidate) => distance(candidate) === best);
        }
        if (found.length > 1)
          return {
            success: false,
            message: `Patch hunk is ambiguous in ${shown}; provide more context`,
          };
        start = found[0];
        fuzzy = pass.fuzzy;
        break;
      }
      if (start === undefined) {
        return {
          success: false,
          message: `Patch hunk does not match ${shown}${nearestCandidate(lines, old, number)}`,
        };
      }
    }
    const replacement: string[] = [];
    const diff: string[] = [];
    let fileIndex = start;
    for (const line of hunk.lines) {
      if (line.kind === '+') {
        replacement.push(line.text);
        diff.push(`+${line.text}`);
      } else if (line.kind === '-') {
        diff.push(`-${lines[fileIndex] as string}`);
        fileIndex += 1;
      } else {
        const kept = lines[fileIndex] as string;
        replacement.push(kept);
        diff.push(` ${kept}`);
        fileIndex += 1;
      }
    }
    endings.splice(start, old.length, ...endingsOf(hunk.lines, endings, start, fallback));
    lines.splice(start, old.length, ...replacement);
    applied.push({
      number,
      newStart: start,
      oldStart: start - delta,
      diff,
      oldCount: old.length,
      newCount: replacement.length,
      fuzzy,
    });
    delta += replacement.length - old.length;
    cursor = start + replacement.length;
  }
  return { success: true, lines, endings, applied };
}
