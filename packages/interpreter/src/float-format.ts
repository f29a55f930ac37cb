/** Splits a finite double into an exact rational `numerator / denominator` of |x| times 10^k. */
export function scaled(x: number, k: number): [bigint, bigint] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  const mantissa = biased === 0 ? fraction : fraction | 0x10000000000000n;
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  const numerator =
    mantissa * (exponent > 0 ? 2n ** BigInt(exponent) : 1n) * (k > 0 ? 10n ** BigInt(k) : 1n);
  const denominator =
    (exponent < 0 ? 2n ** BigInt(-exponent) : 1n) * (k < 0 ? 10n ** BigInt(-k) : 1n);
  return [numerator, denominator];
}

/**
 * C's printf rounds an exact decimal tie to even; JS's toFixed/toExponential round it away from zero.
 * Returns the even-rounded integer |x|·10^k when |x|·10^k is exactly half-way, else undefined.
 */
function evenTie(x: number, k: number): bigint | undefined {
  const [numerator, denominator] = scaled(x, k);
  if ((2n * numerator) % (2n * denominator) !== denominator) return undefined;
  const lower = numerator / denominator;
  return lower % 2n === 0n ? lower : lower + 1n;
}

/** |x|·10^k rounded half to even, exactly. */
function roundedScaled(x: number, k: number): bigint {
  const [numerator, denominator] = scaled(x, k);
  const quotient = numerator / denominator;
  const twice = 2n * (numerator - quotient * denominator);
  return twice > denominator || (twice === denominator && quotient % 2n === 1n)
    ? quotient + 1n
    : quotient;
}

// JS's toFixed and toExponential stop at 100 digits (and toFixed at 1e21); beyond, format exactly.
function exactFixed(x: number, precision: number): string {
  const digits = roundedScaled(x, precision)
    .toString()
    .padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const text = precision > 0 ? `${whole}.${digits.slice(digits.length - precision)}` : whole;
  return x < 0 ? `-${text}` : text;
}

function exactExponential(x: number, precision: number): string {
  let e = x === 0 ? 0 : Math.floor(Math.log10(Math.abs(x)));
  let digits = roundedScaled(x, precision - e).toString();
  if (x !== 0 && digits.length !== precision + 1) {
    e += digits.length - (precision + 1);
    digits = roundedScaled(x, precision - e).toString();
  }
  digits = digits.padStart(precision + 1, '0');
  const mantissa = precision > 0 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${x < 0 ? '-' : ''}${mantissa}e${e < 0 ? '-' : '+'}${Math.abs(e)}`;
}

function fixed(x: number, precision: number): string {
  if (precision > 100 || Math.abs(x) >= 1e21) return exactFixed(x, precision);
  const tie = evenTie(x, precision);
  if (tie === undefined) return x.toFixed(precision);
  const digits = tie.toString().padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const text = precision > 0 ? `${whole}.${digits.slice(digits.length - precision)}` : whole;
  return x < 0 ? `-${text}` : text;
}

function exponential(x: number, precision: number): string {
  if (precision > 100) return exactExponential(x, precision);
  const guess = x.toExponential(precision);
  const exponent = Number(guess.slice(guess.indexOf('e') + 1));
  const tie = x === 0 ? undefined : evenTie(x, precision - exponent);
  if (tie === undefined) return guess;
  let digits = tie.toString();
  let e = exponent;
  if (digits.length > precision + 1) {
    digits = digits.slice(0, precision + 1);
    e++;
  }
  const mantissa = precision > 0 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${x < 0 ? '-' : ''}${mantissa}e${e < 0 ? '-' : '+'}${Math.abs(e)}`;
}

/** Formats `x` like C's `%.{precision}g` (with `#` keeping trailing zeros when `alternate`). */
export function formatG(x: number, precision: number, alternate = false): string {
  if (!Number.isFinite(x)) return nonFinite(x);
  const p = precision === 0 ? 1 : precision;
  if (x === 0) {
    const zero = alternate ? `0.${'0'.repeat(p - 1)}` : '0';
    return Object.is(x, -0) ? `-${zero}` : zero;
  }
  const exponentialText = exponential(x, p - 1);
  const exponent = Number(exponentialText.slice(exponentialText.indexOf('e') + 1));
  if (exponent < -4 || exponent >= p) {
    let mantissa = exponentialText.slice(0, exponentialText.indexOf('e'));
    if (!alternate) mantissa = stripZeros(mantissa);
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const fixedText = fixed(x, Math.max(0, p - 1 - exponent));
  return alternate ? fixedText : stripZeros(fixedText);
}

/** Formats `x` like C's `%.{precision}e`. */
export function formatE(x: number, precision: number): string {
  if (!Number.isFinite(x)) return nonFinite(x);
  const s = exponential(x, precision);
  const at = s.indexOf('e');
  const exponent = Number(s.slice(at + 1));
  return `${s.slice(0, at)}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

/** Formats `x` like C's `%.{precision}f`, including values beyond 1e21. */
export function formatF(x: number, precision: number): string {
  if (!Number.isFinite(x)) return nonFinite(x);
  const s = fixed(x, precision);
  return Object.is(x, -0) || (x < 0 && !s.startsWith('-')) ? `-${s}` : s;
}

function stripZeros(s: string): string {
  if (!s.includes('.')) return s;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}

function nonFinite(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  return x < 0 ? '-inf' : 'inf';
}

function nanIsNegative(x: number): boolean {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return (view.getUint8(0) & 0x80) !== 0;
}

/** Prints a float exactly as Emacs `prin1` does: the shortest round-tripping `%g`, with `.0` when integral. */
export function printFloat(x: number): string {
  if (Number.isNaN(x)) return nanIsNegative(x) ? '-0.0e+NaN' : '0.0e+NaN';
  if (x === Number.POSITIVE_INFINITY) return '1.0e+INF';
  if (x === Number.NEGATIVE_INFINITY) return '-1.0e+INF';
  let text = '';
  // Like Emacs's dtoastr: subnormals start from one digit, the rest from DBL_DIG.
  for (let p = Math.abs(x) < 2.2250738585072014e-308 ? 1 : 15; p <= 17; p++) {
    text = formatG(x, p);
    if (Number(text) === x) break;
  }
  if (!/[.e]/.test(text)) text += '.0';
  return text;
}
