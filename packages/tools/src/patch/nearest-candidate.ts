const SHOWN_LINES = 8;

/**
 * Describes where a hunk that matched nowhere comes closest: the window of the file sharing the
 * most lines (ignoring surrounding whitespace) with the hunk's old side, shown with line numbers.
 */
export function nearestCandidate(
  lines: readonly string[],
  old: readonly string[],
  hunk: number,
): string {
  const wanted = old.map((line) => line.trim());
  let bestStart = -1;
  let bestScore = 0;
  const last = Math.max(0, lines.length - 1);
  for (let start = 0; start <= last; start += 1) {
    let score = 0;
    for (let offset = 0; offset < wanted.length && start + offset < lines.length; offset += 1) {
      if ((lines[start + offset] as string).trim() === wanted[offset]) score += 1;
    }
    if (score > bestScore) {
      bestScore = score;
      bestStart = start;
    }
  }
  if (bestStart < 0) return ` (hunk ${hunk}: no line of its context or removals was found)`;
  const shown = lines.slice(bestStart, bestStart + Math.min(Math.max(old.length, 1), SHOWN_LINES));
  const width = String(bestStart + shown.length).length;
  const body = shown
    .map((line, index) => `${String(bestStart + index + 1).padStart(width)}\t${line}`)
    .join('\n');
  return ` (hunk ${hunk}). Nearest candidate at line ${bestStart + 1} (${bestScore} of ${old.length} lines match):\n${body}`;
}
