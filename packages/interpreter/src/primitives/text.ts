import { format } from '../format.js';
import { guestError, type Machine } from '../machine.js';
import type { Primitive } from '../nodes-call.js';
import { sequenceItems } from '../nodes-call.js';
import { preview, printValue } from '../printer.js';
import { bool, LFloat, NIL, type Value } from '../values.js';
import {
  asFixnum,
  asString,
  checkLength,
  checkString,
  define,
  define1,
  given,
  listToArray,
  wrongType,
} from './check.js';
import { charIndex, charLength, unitOffset } from './code-points.js';
import { parseNumber } from './parse-number.js';

const MANY = Number.POSITIVE_INFINITY;
const hasSurrogates = /[\uD800-\uDFFF]/;

/** Characters of `text` as code-point strings (fast path for BMP-only text). */
function chars(text: string): string[] | undefined {
  return hasSurrogates.test(text) ? Array.from(text) : undefined;
}

/** Emacs `substring` with negative indices counted from the end. */
export function substring(text: string, from: Value | undefined, to: Value | undefined): string {
  const split = chars(text);
  const length = split === undefined ? text.length : split.length;
  let start = given(from) ? asFixnum(from) : 0;
  let end = given(to) ? asFixnum(to) : length;
  if (start < 0) start += length;
  if (end < 0) end += length;
  if (start < 0 || end > length || start > end)
    guestError(
      `args-out-of-range ${preview(text, 200)} ${preview(from ?? NIL)} ${preview(to ?? NIL)}`,
    );
  return split === undefined ? text.slice(start, end) : split.slice(start, end).join('');
}

function charCode(value: Value): string {
  if (typeof value !== 'number' || value < 0 || value > 0x10ffff)
    return wrongType('characterp', value);
  return String.fromCodePoint(value);
}

function mapCase(value: Value, convert: (s: string) => string): Value {
  if (typeof value === 'string') return convert(value);
  if (typeof value === 'number') {
    const converted = convert(charCode(value));
    return Array.from(converted).length === 1 ? (converted.codePointAt(0) as number) : value;
  }
  return wrongType('char-or-string-p', value);
}

function charged(m: Machine, value: Value): Value {
  if (typeof value === 'string') checkString(m, value);
  return value;
}

function capitalizeText(text: string): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const [first = '', ...rest] = Array.from(word);
    return first.toUpperCase() + rest.join('').toLowerCase();
  });
}

function prefixP(
  prefix: Value | undefined,
  text: Value | undefined,
  ignoreCase: Value | undefined,
  suffix: boolean,
): Value {
  let p = asString(prefix);
  let s = asString(text);
  if (given(ignoreCase)) {
    p = p.toLowerCase();
    s = s.toLowerCase();
  }
  return bool(suffix ? s.endsWith(p) : s.startsWith(p));
}

function nondirectory(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function sansVersions(name: string): string {
  const stripped = name.replace(/(?:\.~[-0-9a-zA-Z._]+~|~)$/, '');
  // A name that is only a version marker keeps it, as in Emacs.
  return stripped === '' ? name : stripped;
}

function extensionAt(file: string): number {
  const dot = file.lastIndexOf('.');
  return dot > 0 ? dot : -1;
}

/** String and file-name primitives that need no regexps. */
export const textPrimitives: Primitive[] = [
  define('concat', 0, MANY, (args, m) => {
    let out = '';
    for (const arg of args) {
      out +=
        typeof arg === 'string'
          ? arg
          : sequenceItems(arg as Value)
              .map(charCode)
              .join('');
      checkString(m, out);
    }
    return out;
  }),
  define('format', 1, MANY, (args, m) =>
    checkString(m, format(asString(args[0]), args.slice(1), m)),
  ),
  define('substring', 1, 3, ([s, from, to], m) => checkString(m, substring(asString(s), from, to))),
  define('string-join', 1, 2, ([strings, separator], m) => {
    const parts = listToArray(strings as Value).map((part) =>
      typeof part === 'string' ? part : sequenceItems(part).map(charCode).join(''),
    );
    const sep = given(separator) ? asString(separator) : '';
    let size = 0;
    for (const part of parts) size += part.length + sep.length;
    checkLength(m, size);
    return checkString(m, parts.join(sep));
  }),
  define('string-prefix-p', 2, 3, ([p, s, c]) => prefixP(p, s, c, false)),
  define('string-suffix-p', 2, 3, ([p, s, c]) => prefixP(p, s, c, true)),
  define('string-search', 2, 3, ([needle, haystack, start]) => {
    const n = asString(needle);
    const h = asString(haystack);
    const from = given(start) ? asFixnum(start) : 0;
    if (from < 0 || from > charLength(h)) guestError(`args-out-of-range ${from}`);
    const at = h.indexOf(n, unitOffset(h, from));
    return at < 0 ? NIL : charIndex(h, at);
  }),
  define1('upcase', (v, m) =>
    charged(
      m,
      mapCase(v as Value, (s) => s.toUpperCase()),
    ),
  ),
  define1('downcase', (v, m) =>
    charged(
      m,
      mapCase(v as Value, (s) => s.toLowerCase()),
    ),
  ),
  define1('capitalize', (v, m) => charged(m, mapCase(v as Value, capitalizeText))),
  define1('number-to-string', (v) => {
    if (typeof v === 'number' || typeof v === 'bigint' || v instanceof LFloat) return printValue(v);
    return wrongType('numberp', v as Value);
  }),
  define('string-to-number', 1, 2, ([s, base], m) =>
    parseNumber(asString(s), given(base) ? asFixnum(base) : 10, m.bits),
  ),
  define1('file-name-nondirectory', (f) => nondirectory(asString(f))),
  define1('file-name-directory', (f) => {
    const name = asString(f);
    const slash = name.lastIndexOf('/');
    return slash < 0 ? NIL : name.slice(0, slash + 1);
  }),
  define('file-name-concat', 1, MANY, (args, m) => {
    const parts = args.filter((a) => a !== NIL && a !== '').map(asString);
    let out = '';
    parts.forEach((part, i) => {
      out += part;
      if (i < parts.length - 1 && !part.endsWith('/')) out += '/';
    });
    return checkString(m, out);
  }),
  define('file-name-extension', 1, 2, ([f, period]) => {
    const file = sansVersions(nondirectory(asString(f)));
    const dot = extensionAt(file);
    if (dot < 0) return given(period) ? '' : NIL;
    return file.slice(given(period) ? dot : dot + 1);
  }),
  define1('file-name-sans-extension', (f) => {
    const name = asString(f);
    const file = sansVersions(nondirectory(name));
    const dot = extensionAt(file);
    if (dot < 0) return name;
    return name.slice(0, name.length - nondirectory(name).length) + file.slice(0, dot);
  }),
  define('file-name-base', 0, 1, ([f]) => {
    const file = sansVersions(nondirectory(asString(f ?? NIL)));
    const dot = extensionAt(file);
    return dot < 0 ? file : file.slice(0, dot);
  }),
];
