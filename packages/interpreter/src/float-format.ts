/** Formats `x` like C's `%.{precision}g` (with `#` keeping trailing zeros when `alternate`). */
export function formatG(x: number, precision: number, alternate = false): string {
  if (!Number.isFinite(x)) return nonFinite(x);
  const p = precision === 0 ? 1 : precision;
  if (x === 0) {
    const zero = alternate ? `0.${'0'.repeat(p - 1)}` : '0';
    return Object.is(x, -0) ? `-${zero}` : zero;
  }
  const exponential = x.toExponential(p - 1);
  const exponent = Number(exponential.slice(exponential.indexOf('e') + 1));
  if (exponent < -4 || exponent >= p) {
    let mantissa = exponential.slice(0, exponential.indexOf('e'));
    if (!alternate) mantissa = stripZeros(mantissa);
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const fixed = x.toFixed(Math.max(0, p - 1 - exponent));
  return alternate ? fixed : stripZeros(fixed);
}

/** Formats `x` like C's `%.{precision}e`. */
export function formatE(x: number, precision: number): string {
  if (!Number.isFinite(x)) return nonFinite(x);
  const s = x.toExponential(precision);
  const at = s.indexOf('e');
  const exponent = Number(s.slice(at + 1));
  return `${s.slice(0, at)}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

/** Formats `x` like C's `%.{precision}f`, including values beyond 1e21. */
export function formatF(x: number, precision: number): string {
  if (!Number.isFinite(x)) return nonFinite(x);
  if (Math.abs(x) < 1e21) {
    const s = x.toFixed(precision);
    return Object.is(x, -0) || (x < 0 && !s.startsWith('-')) ? `-${s}` : s;
  }
  const whole = BigInt(x).toString();
  return precision > 0 ? `${whole}.${'0'.repeat(precision)}` : whole;
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
  for (let p = 15; p <= 17; p++) {
    text = formatG(x, p);
    if (Number(text) === x) break;
  }
  if (!/[.e]/.test(text)) text += '.0';
  return text;
}
