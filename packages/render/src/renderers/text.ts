/** Cuts `text` to its first line and at most `columns` characters, marking any cut with `…`. */
export function firstLine(text: string, columns: number): string {
  const newline = text.indexOf('\n');
  const line = newline === -1 ? text : text.slice(0, newline);
  const cut = newline !== -1 || line.length > columns;
  const kept = line.length > columns ? line.slice(0, columns) : line;
  return cut ? `${kept.trimEnd()}…` : kept;
}

/** Counts the lines of `text` (a trailing newline does not start another line). */
export function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  let index = text.indexOf('\n');
  while (index !== -1) {
    if (index !== text.length - 1) count += 1;
    index = text.indexOf('\n', index + 1);
  }
  return count;
}

/** Calls `visit(start, end)` for each line of `text` without allocating the lines. */
export function forEachLine(text: string, visit: (start: number, end: number) => void): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    visit(start, end);
    start = end + 1;
  }
}
