import { exceed, GuestError } from './guest-error.js';
import { normalizeBig } from './numbers.js';
import { intern, LFloat, type Value } from './values.js';

const integerPattern = /^[-+]?[0-9]+\.?$/;
const floatPattern =
  /^[-+]?(?:[0-9]*\.[0-9]+(?:[eE][-+]?[0-9]+)?|[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+)$/;
const specialFloat = /^([-+]?)[0-9]*\.?[0-9]+e\+(INF|NaN)$/;

/** Interprets an unescaped atom token: an integer, a float, or else a symbol. */
export function parseAtom(token: string, escaped: boolean, bits: number): Value {
  if (escaped) return intern(token);
  // Every numeric form has a digit: a token without one is a symbol, with no pattern to run.
  let digits = 0;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
  }
  if (digits === 0) return intern(token);
  // Plain digits of a safe size: the integer, at once.
  if (digits === token.length && digits < 16) return Number(token);
  return parseNumeric(token, bits);
}

/** A token with a digit in it: an integer, a float, or else a symbol. */
function parseNumeric(token: string, bits: number): Value {
  if (integerPattern.test(token)) {
    const digits = token.endsWith('.') ? token.slice(0, -1) : token;
    const n = Number(digits);
    if (Number.isSafeInteger(n)) return n || 0;
    if (digits.length > bits)
      exceed('numeric-size', bits, `bits: an integer literal of ${digits.length} digits was read`);
    return normalizeBig(BigInt(digits), bits);
  }
  if (floatPattern.test(token)) return new LFloat(Number(token));
  const special = specialFloat.exec(token);
  if (special !== null) {
    const negative = special[1] === '-';
    if (special[2] === 'INF') return new LFloat(negative ? -Infinity : Infinity);
    return new LFloat(Number.NaN);
  }
  return intern(token);
}

/** Decodes one backslash escape at `source[at]` (just after the backslash); returns [code, next index]. */
export function decodeEscape(
  source: string,
  at: number,
  inString: boolean,
): [number | undefined, number] {
  const c = source[at];
  if (c === undefined) throw new GuestError('end of input inside an escape');
  const simple: Record<string, number> = {
    n: 10,
    t: 9,
    r: 13,
    f: 12,
    e: 27,
    a: 7,
    b: 8,
    v: 11,
    d: 127,
  };
  if (Object.hasOwn(simple, c)) return [simple[c], at + 1];
  if (c === 's' && source[at + 1] !== '-') return [32, at + 1];
  if (inString && (c === '\n' || c === ' ')) return [undefined, at + 1];
  if (c === 'x') {
    let end = at + 1;
    while (end < source.length && /[0-9a-fA-F]/.test(source[end] as string)) end++;
    if (end === at + 1) throw new GuestError('invalid \\x escape');
    return [codePoint(Number.parseInt(source.slice(at + 1, end), 16)), end];
  }
  if (c === 'u' || c === 'U') {
    const width = c === 'u' ? 4 : 8;
    const hex = source.slice(at + 1, at + 1 + width);
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width)
      throw new GuestError(`invalid \\${c} escape`);
    return [codePoint(Number.parseInt(hex, 16)), at + 1 + width];
  }
  if (/[0-7]/.test(c)) {
    let end = at;
    while (end < at + 3 && /[0-7]/.test(source[end] ?? '')) end++;
    return [Number.parseInt(source.slice(at, end), 8), end];
  }
  if ((c === 'C' && source[at + 1] === '-') || c === '^') {
    // A chain of control prefixes (`\C-\^\C-a`) is read in a loop, not by recursion: a
    // script may hold thousands of them, and the reader never uses the host stack by length.
    let controls = 0;
    let start = at;
    while (true) {
      const d = source[start];
      if (d === 'C' && source[start + 1] === '-') start += 2;
      else if (d === '^') start += 1;
      else break;
      controls++;
      const e = source[start + 1];
      if (source[start] !== '\\' || !((e === 'C' && source[start + 2] === '-') || e === '^')) break;
      start++;
    }
    let code: number | undefined;
    let next: number;
    if (source[start] === '\\') [code, next] = decodeEscape(source, start + 1, inString);
    else {
      code = source.codePointAt(start);
      next = start + (code !== undefined && code > 0xffff ? 2 : 1);
    }
    if (code === undefined) throw new GuestError('invalid control escape');
    for (let i = 0; i < controls; i++) code = code === 63 ? 127 : code & 31;
    return [code, next];
  }
  if ((c === 'M' || c === 'S' || c === 'H' || c === 'A') && source[at + 1] === '-')
    throw new GuestError(`modifier escape \\${c}- is not part of the dialect`);
  const code = source.codePointAt(at) as number;
  return [code, at + (code > 0xffff ? 2 : 1)];
}

function codePoint(code: number): number {
  if (code > 0x10ffff) throw new GuestError('character code out of range');
  return code;
}
