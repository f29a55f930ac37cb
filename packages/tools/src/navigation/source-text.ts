/** The outcome of mapping a line and display column to a string index. */
export type IndexResult = { success: true; value: number } | { success: false; error: string };

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

// Emacs shows a control character as `^C`, two columns wide.
function widthOf(code: number): number {
  return code < 0x20 || code === 0x7f || isWide(code) ? 2 : 1;
}

/** A file's text with its line starts, display columns and 1-based buffer positions. */
export class SourceText {
  readonly text: string;
  readonly tabWidth: number;
  readonly lineStarts: readonly number[];
  #astral: number[] | undefined;

  constructor(text: string, tabWidth: number) {
    this.text = text;
    this.tabWidth = tabWidth;
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    // A final newline ends the last line; it does not open another one.
    if (starts.length > 1 && starts[starts.length - 1] === text.length) starts.pop();
    this.lineStarts = starts;
  }

  /** How many lines the file has (an empty file has one empty line). */
  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** The 1-based character position of a string index, counting a surrogate pair once. */
  position(index: number): number {
    this.#astral ??= this.#findAstral();
    let low = 0;
    let high = this.#astral.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#astral[mid] as number) < index) low = mid + 1;
      else high = mid;
    }
    return index - low + 1;
  }

  /** Maps a 1-based line and 0-based display column to a string index, never snapping. */
  indexAt(line: number, column: number): IndexResult {
    if (line < 1) return { success: false, error: `Line must be 1 or greater: ${line}` };
    if (column < 0) return { success: false, error: `Column must be 0 or greater: ${column}` };
    if (line > this.lineCount)
      return { success: false, error: `Line ${line} is outside the buffer` };
    const start = this.lineStarts[line - 1] as number;
    const newline = this.text.indexOf('\n', start);
    const end = newline === -1 ? this.text.length : newline;
    let col = 0;
    let i = start;
    while (i < end) {
      if (column === col) return { success: true, value: i };
      const code = this.text.codePointAt(i) as number;
      const width = code === 9 ? this.tabWidth - (col % this.tabWidth) : widthOf(code);
      // A column inside a tab or a wide character is on that character.
      if (column < col + width) return { success: true, value: i };
      col += width;
      i += code > 0xffff ? 2 : 1;
    }
    if (column === col) return { success: true, value: end };
    return { success: false, error: `Column ${column} is beyond the end of line ${line}` };
  }

  #findAstral(): number[] {
    const found: number[] = [];
    const { text } = this;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        found.push(i + 1);
        i++;
      }
    }
    return found;
  }
}
