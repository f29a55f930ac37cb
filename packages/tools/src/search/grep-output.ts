/** Grep's paging inputs. */
export interface Paging {
  readonly headLimit: number;
  readonly offset: number;
}

const MAX_BYTES = 200 * 1024;

/**
 * Pages formatted output lines (skip `offset`, keep `head_limit`, 0 = all) and applies the
 * 200 KiB cap; an offset at or past the last line is an error, never an empty success.
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
  let kept = 0;
  for (const line of page) {
    if (text.length + line.length + 1 > MAX_BYTES) break;
    text += `${kept === 0 ? '' : '\n'}${line}`;
    kept += 1;
  }
  if (kept < page.length) {
    return {
      success: true,
      text: `${text}\n... Output truncated at 200K byte limit. Narrow your search with :glob, :type, or a more specific :pattern.`,
    };
  }
  if (end < lines.length)
    text += `\n\n... Results truncated (limit: ${headLimit}, offset: ${offset})`;
  return { success: true, text };
}

/** Rewrites ripgrep output paths for display: heading lines, `path:count` lines or bare paths. */
export function showPaths(
  lines: readonly string[],
  mode: string,
  show: (path: string) => string,
): string[] {
  return lines.map((line) => {
    if (mode === 'files_with_matches') return show(line);
    if (mode === 'count') {
      const colon = line.lastIndexOf(':');
      return colon === -1 ? line : `${show(line.slice(0, colon))}${line.slice(colon)}`;
    }
    // Content mode: absolute heading lines start with a slash; hits and context start with a number.
    return line.startsWith('/') ? show(line) : line;
  });
}
