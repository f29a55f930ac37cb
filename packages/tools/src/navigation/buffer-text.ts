const BOM = 0xfeff;

type LineEnd = 'none' | 'lf' | 'crlf' | 'cr';

/** How many line ends Emacs looks at to pick a file's end-of-line convention. */
const LINE_ENDS_CHECKED = 3;

// Emacs's end-of-line detection (coding.c `detect_eol`): the first line end decides; a mix
// of CR and CRLF counts as CRLF (stray carriage returns in a DOS file) and any other mix as
// LF. Only the first three line ends are looked at.
function lineEnd(text: string): LineEnd {
  let seen: LineEnd = 'none';
  let count = 0;
  for (let i = 0; i < text.length && count < LINE_ENDS_CHECKED; i++) {
    const code = text.charCodeAt(i);
    let kind: LineEnd;
    if (code === 10) kind = 'lf';
    else if (code !== 13) continue;
    else if (text.charCodeAt(i + 1) === 10) {
      kind = 'crlf';
      i++;
    } else kind = 'cr';
    if (seen === 'none' || seen === kind) seen = kind;
    else if (seen !== 'lf' && kind !== 'lf') seen = 'crlf';
    else return 'lf';
    count++;
  }
  return seen;
}

/**
 * A file's text as Emacs holds it in a buffer after decoding: without a leading byte-order
 * mark, and with DOS (`\r\n`) or old Mac (`\r`) line ends turned into `\n` when detection
 * picks that convention. Node's lines, columns and buffer positions count this text, as
 * Emacs does; a file with Unix line ends keeps any `\r` as an ordinary character.
 */
export function bufferText(text: string): string {
  const body = text.charCodeAt(0) === BOM ? text.slice(1) : text;
  if (!body.includes('\r')) return body;
  switch (lineEnd(body)) {
    case 'crlf':
      return body.replaceAll('\r\n', '\n');
    case 'cr':
      return body.replaceAll('\r', '\n');
    default:
      return body;
  }
}
