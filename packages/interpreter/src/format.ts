import { formatE, formatF, formatG } from './float-format.js';
import { exceed } from './guest-error.js';
import { guestError, type Machine } from './machine.js';
import { printValue } from './printer.js';
import { isNumber, LFloat, type Value } from './values.js';

const specPattern = /%(?:(\d+)\$)?([-+ #0]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/g;

type Spec = {
  before: string;
  text: string;
  field: string | undefined;
  flags: string;
  widthText: string | undefined;
  precisionText: string | undefined;
  conversion: string;
};
type Template = { specs: Spec[]; tail: string };
const templates = new Map<string, Template>();
const MAX_FIELD = 100_000;

function parseTemplate(template: string): Template {
  const cached = templates.get(template);
  if (cached !== undefined) return cached;
  const specs: Spec[] = [];
  let last = 0;
  for (const match of template.matchAll(specPattern)) {
    const [text, field, flags = '', widthText, precisionText, conversion = ''] = match;
    specs.push({
      before: template.slice(last, match.index),
      text,
      field,
      flags,
      widthText,
      precisionText,
      conversion,
    });
    last = match.index + text.length;
  }
  const parsed = { specs, tail: template.slice(last) };
  // Templates are script literals in practice; the cap only guards generated ones.
  if (templates.size > 1000) templates.clear();
  templates.set(template, parsed);
  return parsed;
}

function integerText(value: Value, radix: number): string {
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString(radix);
  if (value instanceof LFloat) {
    if (!Number.isFinite(value.value)) guestError('overflow-error');
    return BigInt(Math.trunc(value.value)).toString(radix);
  }
  return guestError('Format specifier doesn’t match argument type');
}

function pad(body: string, sign: string, width: number, flags: string, numeric: boolean): string {
  const length = Array.from(sign + body).length;
  if (width <= length) return sign + body;
  const fill = width - length;
  if (flags.includes('-')) return sign + body + ' '.repeat(fill);
  if (numeric && flags.includes('0')) return sign + '0'.repeat(fill) + body;
  return ' '.repeat(fill) + sign + body;
}

/** Emacs `format`: `%s %S %d %o %x %X %c %e %f %g %%` with field numbers, flags, width and precision. */
export function format(template: string, args: Value[], m: Machine): string {
  const limit = m.limits.valueSize;
  let next = 0;
  let size = 0;
  const parts: string[] = [];
  const parsed = parseTemplate(template);
  for (const match of parsed.specs) {
    parts.push(match.before);
    size += match.before.length;
    const { field, flags, widthText, precisionText, conversion } = match;
    if (
      conversion === 's' &&
      flags === '' &&
      widthText === undefined &&
      precisionText === undefined &&
      field === undefined &&
      typeof args[next] === 'string'
    ) {
      // The common plain %s of a string needs no printer.
      const text = args[next++] as string;
      size += text.length;
      if (size > limit)
        exceed(
          'value-size',
          limit,
          `bytes: format produced a longer string after ${m.steps} steps`,
        );
      parts.push(text);
      continue;
    }
    if (conversion === '%') {
      parts.push('%');
      size++;
      continue;
    }
    const width = widthText === undefined ? 0 : Number(widthText);
    const precision = precisionText === undefined ? undefined : Number(precisionText);
    // No real format needs a field this wide; refuse before padding or formatting anything.
    const fieldLimit = Math.min(limit, MAX_FIELD);
    if (width > fieldLimit || (precision ?? 0) > fieldLimit)
      exceed(
        'value-size',
        limit,
        `bytes: format field ${match.text.slice(0, 40)} asks for a width or precision over ${fieldLimit}`,
      );
    if (field !== undefined) next = Number(field) - 1;
    if (next >= args.length || next < 0) guestError('Not enough arguments for format string');
    const arg = args[next++] as Value;
    let text: string;
    switch (conversion) {
      case 's':
      case 'S': {
        text = printValue(arg, conversion === 'S', limit);
        if (precision !== undefined) text = Array.from(text).slice(0, precision).join('');
        text = pad(text, '', width, flags, false);
        break;
      }
      case 'd':
      case 'o':
      case 'x':
      case 'X': {
        if (!isNumber(arg)) guestError('Format specifier doesn’t match argument type');
        const radix = conversion === 'd' ? 10 : conversion === 'o' ? 8 : 16;
        let digits = integerText(arg, radix);
        let sign = '';
        if (digits.startsWith('-')) {
          sign = '-';
          digits = digits.slice(1);
        } else if (flags.includes('+')) sign = '+';
        else if (flags.includes(' ')) sign = ' ';
        if (conversion === 'X') digits = digits.toUpperCase();
        if (precision !== undefined && digits.length < precision)
          digits = '0'.repeat(precision - digits.length) + digits;
        // C's alternate form: octal starts with a 0 digit, nonzero hex gets 0x.
        if (flags.includes('#') && conversion === 'o' && !digits.startsWith('0'))
          digits = `0${digits}`;
        if (flags.includes('#') && conversion !== 'd' && conversion !== 'o' && digits !== '0')
          sign += conversion === 'x' ? '0x' : '0X';
        text = pad(
          digits,
          sign,
          width,
          precision === undefined ? flags : flags.replace('0', ''),
          true,
        );
        break;
      }
      case 'c': {
        if (typeof arg !== 'number' || arg < 0 || arg > 0x10ffff)
          guestError('Format specifier doesn’t match argument type');
        text = pad(String.fromCodePoint(arg as number), '', width, flags, false);
        break;
      }
      case 'e':
      case 'f':
      case 'g': {
        if (!isNumber(arg)) guestError('Format specifier doesn’t match argument type');
        const x = arg instanceof LFloat ? arg.value : Number(arg);
        const p = precision ?? 6;
        let body =
          conversion === 'e'
            ? formatE(x, p)
            : conversion === 'f'
              ? formatF(x, p)
              : formatG(x, p, flags.includes('#'));
        // C's alternate form always keeps the decimal point.
        if (flags.includes('#') && Number.isFinite(x) && !body.includes('.')) {
          const at = body.indexOf('e');
          body = at < 0 ? `${body}.` : `${body.slice(0, at)}.${body.slice(at)}`;
        }
        let sign = '';
        if (body.startsWith('-')) {
          sign = '-';
          body = body.slice(1);
        } else if (flags.includes('+')) sign = '+';
        else if (flags.includes(' ')) sign = ' ';
        text = pad(body, sign, width, Number.isFinite(x) ? flags : flags.replace('0', ''), true);
        break;
      }
      default:
        return guestError(`Invalid format operation %${conversion}`);
    }
    size += text.length;
    if (size > limit)
      exceed('value-size', limit, `bytes: format produced a longer string after ${m.steps} steps`);
    parts.push(text);
  }
  parts.push(parsed.tail);
  if (parsed.tail.includes('%')) guestError('Format string ends in middle of format specifier');
  const result = parts.join('');
  if (result.length > limit)
    exceed('value-size', limit, `bytes: format produced a longer string after ${m.steps} steps`);
  return result;
}
