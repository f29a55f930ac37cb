import { scaled } from './float-format.js';
import { exceed, GuestError } from './guest-error.js';
import { type Integer, LFloat, type Value } from './values.js';

const DEFAULT_NAN = (() => {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, 0xfff8000000000000n);
  return view.getFloat64(0);
})();

/** Guest numbers as the arithmetic sees them. */
export type Num = Integer | LFloat;

/** Normalizes a bigint result back to a JS number when it is safe, else checks its size in bits. */
export function normalizeBig(value: bigint, bits: number): Integer {
  if (value >= -9007199254740991n && value <= 9007199254740991n) return Number(value);
  const size = (value < 0n ? -value : value).toString(2).length;
  if (size > bits) exceed('numeric-size', bits, `bits: an integer of ${size} bits was produced`);
  return value;
}

/** Returns the JS double of a guest number. */
export function toDouble(value: Num): number {
  return value instanceof LFloat ? value.value : Number(value);
}

function big(value: Integer): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** Raises the wrong-type error Emacs would raise for a non-number. */
export function wrongType(predicate: string, value: Value, render: (v: Value) => string): never {
  throw new GuestError(`wrong-type-argument ${predicate} ${render(value)}`);
}

/** Adds two guest numbers. */
export function add(a: Num, b: Num, bits: number): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
    return normalizeBig(BigInt(a) + BigInt(b), bits);
  }
  if (a instanceof LFloat || b instanceof LFloat) return new LFloat(toDouble(a) + toDouble(b));
  return normalizeBig(big(a) + big(b), bits);
}

/** Subtracts two guest numbers. */
export function sub(a: Num, b: Num, bits: number): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r;
    return normalizeBig(BigInt(a) - BigInt(b), bits);
  }
  if (a instanceof LFloat || b instanceof LFloat) return new LFloat(toDouble(a) - toDouble(b));
  return normalizeBig(big(a) - big(b), bits);
}

/** Multiplies two guest numbers. */
export function mul(a: Num, b: Num, bits: number): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
    return normalizeBig(BigInt(a) * BigInt(b), bits);
  }
  if (a instanceof LFloat || b instanceof LFloat) return new LFloat(toDouble(a) * toDouble(b));
  return normalizeBig(big(a) * big(b), bits);
}

/** Divides like Emacs `/`: integer division truncates toward zero; floats contaminate. */
export function div(a: Num, b: Num, bits: number): Num {
  if (a instanceof LFloat || b instanceof LFloat) return new LFloat(toDouble(a) / toDouble(b));
  if (b === 0 || b === 0n) throw new GuestError('arith-error');
  if (typeof a === 'number' && typeof b === 'number') return Math.trunc(a / b) || 0;
  return normalizeBig(big(a) / big(b), bits);
}

/** Emacs `%`: integer remainder with the sign of the dividend. */
export function rem(a: Integer, b: Integer, bits: number): Integer {
  if (b === 0 || b === 0n) throw new GuestError('arith-error');
  if (typeof a === 'number' && typeof b === 'number') return a % b || 0;
  return normalizeBig(big(a) % big(b), bits);
}

/** Emacs `mod`: remainder with the sign of the divisor. */
export function mod(a: Num, b: Num, bits: number): Num {
  if (a instanceof LFloat || b instanceof LFloat) {
    const x = toDouble(a);
    const y = toDouble(b);
    let r = x % y;
    if (r !== 0 && r < 0 !== y < 0) r += y;
    // fmod's invalid result on the hosts Emacs runs on is the negative default NaN.
    if (Number.isNaN(r) && !Number.isNaN(x) && !Number.isNaN(y)) r = DEFAULT_NAN;
    return new LFloat(r);
  }
  if (b === 0 || b === 0n) throw new GuestError('arith-error');
  if (typeof a === 'number' && typeof b === 'number') {
    let r = a % b;
    if (r !== 0 && r < 0 !== b < 0) r += b;
    return r || 0;
  }
  let r = big(a) % big(b);
  const bb = big(b);
  if (r !== 0n && r < 0n !== bb < 0n) r += bb;
  return normalizeBig(r, bits);
}

/** Compares two guest numbers numerically: negative, zero or positive (NaN compares as NaN). */
export function compare(a: Num, b: Num): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof LFloat || b instanceof LFloat) {
    const x = toDouble(a);
    const y = toDouble(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
    // Exact comparison of a float with a bigint needs care beyond doubles.
    if (typeof a === 'bigint' && Number.isFinite(y) && Number.isInteger(y))
      return cmpBig(a, BigInt(y));
    if (typeof b === 'bigint' && Number.isFinite(x) && Number.isInteger(x))
      return cmpBig(BigInt(x), b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return cmpBig(big(a), big(b));
}

function cmpBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Converts a finite double to a guest integer (truncated), or raises overflow-error. */
export function doubleToInteger(value: number, bits: number): Integer {
  if (!Number.isFinite(value)) throw new GuestError('overflow-error');
  const t = Math.trunc(value);
  if (Number.isSafeInteger(t)) return t || 0;
  return normalizeBig(BigInt(t), bits);
}

type Rounding = 'truncate' | 'floor' | 'ceiling' | 'round';

/** Emacs `truncate`/`floor`/`ceiling`/`round` with an optional divisor. */
export function roundWith(mode: Rounding, a: Num, divisor: Num | undefined, bits: number): Integer {
  if (divisor === undefined) {
    if (!(a instanceof LFloat)) return a;
    return doubleToInteger(roundDouble(mode, a.value), bits);
  }
  let x: bigint;
  let y: bigint;
  if (a instanceof LFloat || divisor instanceof LFloat) {
    const d = toDouble(divisor);
    if (d === 0) throw new GuestError('arith-error');
    if (!Number.isFinite(toDouble(a)) || !Number.isFinite(d))
      return doubleToInteger(roundDouble(mode, toDouble(a) / d), bits);
    // Like Emacs, divide exactly: both operands as rationals, no double rounding on large results.
    const [an, ad] = exact(a);
    const [bn, bd] = exact(divisor);
    x = an * bd;
    y = ad * bn;
  } else {
    if (divisor === 0 || divisor === 0n) throw new GuestError('arith-error');
    x = big(a);
    y = big(divisor);
  }
  let q = x / y;
  const r = x - q * y;
  if (r !== 0n) {
    const negative = r < 0n !== y < 0n;
    if (mode === 'floor' && negative) q -= 1n;
    else if (mode === 'ceiling' && !negative) q += 1n;
    else if (mode === 'round') {
      const twice = 2n * (r < 0n ? -r : r);
      const ay = y < 0n ? -y : y;
      if (twice > ay || (twice === ay && q % 2n !== 0n)) q += negative ? -1n : 1n;
    }
  }
  return normalizeBig(q, bits);
}

function exact(value: Num): [bigint, bigint] {
  if (!(value instanceof LFloat)) return [big(value), 1n];
  const [numerator, denominator] = scaled(value.value, 0);
  return [value.value < 0 ? -numerator : numerator, denominator];
}

function roundDouble(mode: Rounding, x: number): number {
  if (mode === 'truncate') return Math.trunc(x);
  if (mode === 'floor') return Math.floor(x);
  if (mode === 'ceiling') return Math.ceil(x);
  const r = Math.round(x);
  // Emacs rounds half to even; Math.round rounds half up.
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}
