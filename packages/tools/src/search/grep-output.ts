import { StringDecoder } from 'node:string_decoder';

/** Grep's paging inputs. */
export interface Paging {
  readonly headLimit: number;
  readonly offset: number;
}

const MAX_BYTES = 200 * 1024;

/**
 * Pages formatted output lines (skip `offset`, keep `head_limit`, 0 = all) and applies the
 * 200 KiB cap (UTF-8 bytes); an offset at or past the last line is an error, never an empty success.
 */
export function pageOutput(
  lines: readonly string[],
  { headLimit, offset }: Paging,
): { success: true; text: string } | { success: false; message: string } {
  if (offset > 0 && offset >= lines.length) {
    return {
      success: false,
      message: `Offset ${offset} starts after the last of ${lines.length} output lines.  Lower :offset or repeat the search.`,
    };
  }
  const end = headLimit === 0 ? lines.length : Math.min(lines.length, offset + headLimit);
  const page = lines.slice(offset, end);
  let text = '';
  let bytes = 0;
  let kept = 0;
  for (const line of page) {
    const size = Buffer.byteLength(line);
    if (bytes + size + 1 > MAX_BYTES) break;
    text += `${kept === 0 ? '' : '\n'}${line}`;
    bytes += size + (kept === 0 ? 0 : 1);
    kept += 1;
  }
  if (kept < page.length) {
    return {
      success: true,
      text: `${text}\n... Output truncated at 200K byte limit. Narrow your search with :glob, :type, or a more specific :pattern.`,
    };
  }
  if (end < lines.length)
    text += `\n... Results truncated (limit: ${headLimit}, offset: ${offset})`;
  return { success: true, text };
}

/**
 * Watches ripgrep's stdout as it streams and says when `pageOutput` can no longer change: one
 * line past the page (the truncation notice needs it) or a page line past the 200 KiB cap.
 * Returns the `enough` predicate for the helper run.
 */
export function pageWatcher(
  { headLimit, offset }: Paging,
  shown: (line: string) => string,
  filter?: LineFilter,
): (chunk: Buffer) => boolean {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let index = 0;
  let size = 0;
  let kept = 0;
  let full = false;
  return (chunk) => {
    if (full) return true;
    const text = pending + decoder.write(chunk);
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      const raw = text.slice(start, newline);
      start = newline + 1;
      for (const line of filter === undefined ? [raw] : filter.push(raw)) {
        if (headLimit > 0 && index >= offset + headLimit) {
          full = true;
          return true;
        }
        if (index >= offset) {
          const length = Buffer.byteLength(shown(line));
          if (size + length + 1 > MAX_BYTES) {
            full = true;
            return true;
          }
          size += length + (kept === 0 ? 0 : 1);
          kept += 1;
        }
        index += 1;
      }
    }
    pending = text.slice(start);
    return false;
  };
}

/** Drops withheld files' lines from ripgrep output, fed one raw line at a time. */
export interface LineFilter {
  /** The output lines a raw line becomes: none for a withheld file's line. */
  push(line: string): readonly string[];
  /** Lines held back until the end (a last empty content line). */
  end(): readonly string[];
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * A filter that drops every line of a file `denies`. Content mode expects ripgrep's `--null`
 * heading layout, where a heading arrives as `path\0first line`, so a heading cannot be mistaken
 * for a content line; the blank line between two files is dropped with a withheld file.
 */
export function lineFilter(mode: string, denies: (path: string) => boolean): LineFilter {
  if (mode === 'files_with_matches')
    return { push: (line) => (denies(line) ? NONE : [line]), end: () => NONE };
  if (mode === 'count') {
    return {
      push: (line) => {
        const colon = line.lastIndexOf(':');
        return denies(colon === -1 ? line : line.slice(0, colon)) ? NONE : [line];
      },
      end: () => NONE,
    };
  }
  let keep = true;
  let emitted = false;
  // An empty line is the separator before the next file or an empty content line.
  let pending = false;
  return {
    push: (line) => {
      const nul = line.indexOf('\0');
      if (nul !== -1) {
        const file = line.slice(0, nul);
        pending = false;
        keep = !denies(file);
        if (!keep) return NONE;
        const lines = emitted ? ['', file, line.slice(nul + 1)] : [file, line.slice(nul + 1)];
        emitted = true;
        return lines;
      }
      if (!keep) return NONE;
      if (line === '') {
        const lines = pending ? [''] : NONE;
        pending = true;
        return lines;
      }
      const lines = pending ? ['', line] : [line];
      pending = false;
      return lines;
    },
    end: () => (keep && pending ? [''] : NONE),
  };
}

/** Rewrites one ripgrep output line's path for display (see `showPaths`). */
export function showPath(line: string, mode: string, show: (path: string) => string): string {
  if (mode === 'files_with_matches') return show(line);
  if (mode === 'count') {
    const colon = line.lastIndexOf(':');
    return colon === -1 ? line : `${show(line.slice(0, colon))}${line.slice(colon)}`;
  }
  // Content mode: absolute heading lines start with a slash; hits and context start with a number.
  return line.startsWith('/') ? show(line) : line;
}

/** Rewrites ripgrep output paths for display: heading lines, `path:count` lines or bare paths. */
export function showPaths(
  lines: readonly string[],
  mode: string,
  show: (path: string) => string,
): string[] {
  return lines.map((line) => showPath(line, mode, show));
}
