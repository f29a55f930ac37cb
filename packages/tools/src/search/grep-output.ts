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
      const line = text.slice(start, newline);
      start = newline + 1;
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
    pending = text.slice(start);
    return false;
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
