/** A line ending. */
export type LineEnding = '\n' | '\r\n';

/** A file's text split into lines, with each line's own ending and the final newline. */
export interface TextLines {
  readonly lines: string[];
  /**
   * The ending of each line as the file has it. A last line without a newline records the
   * ending it would take (the line above it, else the file's most common one).
   */
  readonly endings: LineEnding[];
  /** The file's most common ending (LF on a tie), for lines with no neighbour to follow. */
  readonly eol: LineEnding;
  readonly finalNewline: boolean;
}

const decoder = new TextDecoder('utf-8');

/** Splits file bytes into lines, keeping each line's ending, so mixed CRLF/LF files survive. */
export function toLines(data: Uint8Array): TextLines {
  const text = decoder.decode(data);
  const lines: string[] = [];
  const endings: LineEnding[] = [];
  let crlf = 0;
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) break;
    const isCrlf = newline > start && text.charCodeAt(newline - 1) === 13;
    if (isCrlf) crlf += 1;
    lines.push(text.slice(start, isCrlf ? newline - 1 : newline));
    endings.push(isCrlf ? '\r\n' : '\n');
    start = newline + 1;
  }
  const eol: LineEnding = crlf * 2 > endings.length ? '\r\n' : '\n';
  const finalNewline = start === text.length && text !== '';
  if (start < text.length) {
    lines.push(text.slice(start));
    endings.push(endings.at(-1) ?? eol);
  }
  return { lines, endings, eol, finalNewline };
}

/** Joins lines with their own endings; the last one ends with a newline only if `finalNewline`. */
export function fromLines(
  lines: readonly string[],
  endings: readonly LineEnding[],
  finalNewline: boolean,
): Uint8Array {
  let text = '';
  for (const [index, line] of lines.entries()) {
    const last = index === lines.length - 1;
    text += line + (last && !finalNewline ? '' : (endings[index] ?? '\n'));
  }
  return new TextEncoder().encode(text);
}
