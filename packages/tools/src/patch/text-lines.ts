/** A file's text split into lines, with the line ending and final newline it used. */
export interface TextLines {
  readonly lines: string[];
  readonly eol: '\n' | '\r\n';
  readonly finalNewline: boolean;
}

const decoder = new TextDecoder('utf-8');

/** Splits file bytes into lines; CRLF files are remembered as CRLF. */
export function toLines(data: Uint8Array): TextLines {
  const text = decoder.decode(data);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const finalNewline = text.endsWith('\n');
  const body = finalNewline ? text.slice(0, text.endsWith('\r\n') ? -2 : -1) : text;
  const lines = text === '' ? [] : body.split(eol);
  return { lines, eol, finalNewline };
}

/** Joins lines back with the file's line ending and final newline. */
export function fromLines(
  lines: readonly string[],
  eol: string,
  finalNewline: boolean,
): Uint8Array {
  const text = lines.length === 0 ? '' : lines.join(eol) + (finalNewline ? eol : '');
  return new TextEncoder().encode(text);
}
