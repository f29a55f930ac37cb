// Scanners for JSON's leaf tokens (strings, numbers, literals), shared by the
// value scanner. Each returns the index just past the token, or -1.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isHex(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Returns the index just past the closing quote of the string opening at `start`, or -1. */
export function scanString(text: string, start: number, limit: number): number {
  let index = start + 1;
  while (index < limit) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) return index + 1;
    if (code < 0x20) return -1;
    if (code === BACKSLASH) {
      const next = text.charCodeAt(index + 1);
      if (next === 0x75) {
        for (let offset = 2; offset < 6; offset += 1) {
          if (!isHex(text.charCodeAt(index + offset))) return -1;
        }
        index += 6;
      } else if (
        next === QUOTE ||
        next === BACKSLASH ||
        next === 0x2f ||
        next === 0x62 ||
        next === 0x66 ||
        next === 0x6e ||
        next === 0x72 ||
        next === 0x74
      ) {
        index += 2;
      } else {
        return -1;
      }
    } else {
      index += 1;
    }
  }
  return -1;
}

function scanDigits(text: string, start: number, limit: number): number {
  let index = start;
  while (index < limit && isDigit(text.charCodeAt(index))) index += 1;
  return index;
}

/** Returns the index just past the number starting at `start`, or -1. */
function scanNumber(text: string, start: number, limit: number): number {
  let index = start;
  if (text.charCodeAt(index) === 0x2d) index += 1;
  const code = text.charCodeAt(index);
  if (code === 0x30) index += 1;
  else if (isDigit(code)) index = scanDigits(text, index, limit);
  else return -1;
  if (text.charCodeAt(index) === 0x2e) {
    const after = scanDigits(text, index + 1, limit);
    if (after === index + 1) return -1;
    index = after;
  }
  const exponent = text.charCodeAt(index);
  if (exponent === 0x65 || exponent === 0x45) {
    index += 1;
    const sign = text.charCodeAt(index);
    if (sign === 0x2b || sign === 0x2d) index += 1;
    const after = scanDigits(text, index, limit);
    if (after === index) return -1;
    index = after;
  }
  return index <= limit ? index : -1;
}

/** Returns the index just past the string, number or literal starting at `index`, or -1. */
export function scanScalar(text: string, index: number, limit: number): number {
  const code = text.charCodeAt(index);
  if (code === QUOTE) return scanString(text, index, limit);
  for (const word of ['true', 'false', 'null']) {
    if (code === word.charCodeAt(0)) {
      return text.startsWith(word, index) && index + word.length <= limit
        ? index + word.length
        : -1;
    }
  }
  return scanNumber(text, index, limit);
}
