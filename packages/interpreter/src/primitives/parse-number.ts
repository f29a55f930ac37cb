import { guestError } from '../machine.js';
import { normalizeBig } from '../numbers.js';
import { LFloat, type Value } from '../values.js';

const decimal =
  /^[-+]?(?:[0-9]+(?:\.[0-9]+)?e\+(?:INF|NaN)|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?)/;

/** Emacs `string-to-number`: leading whitespace skipped, trailing junk ignored, 0 when nothing parses. */
export function parseNumber(text: string, base: number, bits: number): Value {
  if (base < 2 || base > 16) guestError(`args-out-of-range ${base}`);
  const s = text.replace(/^[ \t\n\r\f]+/, '');
  if (base !== 10) {
    const digits = '0123456789abcdef'.slice(0, base);
    const match = new RegExp(`^([-+]?)([${digits}]+)`, 'i').exec(s);
    if (match === null) return 0;
    let n = 0n;
    for (const d of (match[2] as string).toLowerCase())
      n = n * BigInt(base) + BigInt(digits.indexOf(d));
    return normalizeBig(match[1] === '-' ? -n : n, bits);
  }
  const match = decimal.exec(s);
  if (match === null) return 0;
  let token = match[0];
  if (token.endsWith('e')) token = token.slice(0, -1);
  const special = /^([-+]?)[0-9.]+e\+(INF|NaN)$/.exec(token);
  if (special !== null)
    return new LFloat(
      special[2] === 'NaN' ? Number.NaN : special[1] === '-' ? -Infinity : Infinity,
    );
  if (/^[-+]?[0-9]+\.?$/.test(token)) {
    const digits = token.replace(/\.$/, '').replace(/^\+/, '');
    const n = Number(digits);
    if (Number.isSafeInteger(n)) return n || 0;
    return normalizeBig(BigInt(digits), bits);
  }
  return new LFloat(Number(token));
}
