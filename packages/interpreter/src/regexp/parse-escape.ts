import type { Assertion } from './nodes.js';
import { maxIntervalCount } from './parse-limits.js';
import { canonicalSyntaxDesignator } from './syntax-table.js';

/** One backslash sequence of a guest regexp, read from the backslash on. */
export type Escape =
  | { kind: 'literal'; codePoint: number; end: number }
  | { kind: 'syntax'; designator: string; negated: boolean; end: number }
  | { kind: 'assert'; assertion: Assertion; end: number }
  | { kind: 'open'; end: number }
  | { kind: 'close'; end: number }
  | { kind: 'interval'; min: number; max: number; end: number }
  | { kind: 'error'; message: string };

const assertions: ReadonlyMap<string, Assertion> = new Map<string, Assertion>([
  ['`', 'string-start'],
  ["'", 'string-end'],
  ['b', 'word-boundary'],
  ['B', 'not-word-boundary'],
  ['<', 'word-start'],
  ['>', 'word-end'],
]);

// ASCII punctuation that stands for itself after a backslash; every other escape either has a
// meaning handled above or is rejected, so nothing is silently misread.
const literalPunctuation = new Set(' !"#$%&*+,-./:;?@[\\]^~'.split(''));

function error(message: string): Escape {
  return { kind: 'error', message };
}

/** Reads the escape whose backslash is at `index`. */
export function readEscape(pattern: string, index: number): Escape {
  const next = pattern[index + 1];
  const at = `at offset ${index}`;
  if (next === undefined) {
    return error(`Trailing backslash ${at}; write \\\\ for a literal backslash.`);
  }
  const assertion = assertions.get(next);
  if (assertion !== undefined) return { kind: 'assert', assertion, end: index + 2 };
  switch (next) {
    case '(':
      if (pattern[index + 2] === '?') {
        return error(
          `Group extension \\(?...\\) ${at} is not supported (shy and explicitly numbered groups are rejected); use a plain capture group \\(...\\) and ignore the groups you do not need.`,
        );
      }
      return { kind: 'open', end: index + 2 };
    case ')':
      return { kind: 'close', end: index + 2 };
    case '|':
      return error(
        `Alternation \\| ${at} is not supported in guest regexps; use a bracket class such as [ab] for single characters, or try each alternative with its own string-match.`,
      );
    case 'w':
      return { kind: 'syntax', designator: 'w', negated: false, end: index + 2 };
    case 'W':
      return { kind: 'syntax', designator: 'w', negated: true, end: index + 2 };
    case 's':
    case 'S': {
      const code = pattern[index + 2];
      if (code === undefined) {
        return error(
          `\\${next} ${at} needs a syntax code after it, for example \\s- for whitespace.`,
        );
      }
      const designator = canonicalSyntaxDesignator(code);
      if (designator === undefined) {
        return error(
          `Unknown syntax class \\${next}${code} ${at}; use \\s- (whitespace), \\sw (word), \\s_ (symbol), \\s. (punctuation), \\s( \\s) \\s" \\s\\ \\s' \\s< \\s> \\s$ \\s/ \\s| or \\s!.`,
        );
      }
      return { kind: 'syntax', designator, negated: next === 'S', end: index + 3 };
    }
    case '_': {
      const side = pattern[index + 2];
      if (side === '<') return { kind: 'assert', assertion: 'symbol-start', end: index + 3 };
      if (side === '>') return { kind: 'assert', assertion: 'symbol-end', end: index + 3 };
      return error(
        `\\_ ${at} must be followed by < or > (symbol start or end); write _ for a literal underscore.`,
      );
    }
    case '{':
      return readInterval(pattern, index);
    case '}':
      return error(`\\} ${at} closes no interval; write } for a literal brace.`);
    case 'c':
    case 'C':
      return error(
        `Category escape \\${next} ${at} is not supported; use a bracket class such as [[:alpha:]] or [[:nonascii:]].`,
      );
    case '=':
      return error(`\\= ${at} (match at point) has no meaning for strings and is not supported.`);
  }
  if (next >= '1' && next <= '9') {
    return error(
      `Backreference \\${next} ${at} is not supported; capture with \\(...\\) and compare the groups in Lisp.`,
    );
  }
  if (literalPunctuation.has(next)) {
    return { kind: 'literal', codePoint: next.charCodeAt(0), end: index + 2 };
  }
  const shown = String.fromCodePoint(pattern.codePointAt(index + 1) ?? 0);
  const hint =
    next === 'n' || next === 't'
      ? ` In Emacs regexps \\${next} is just "${next}"; put the real ${next === 'n' ? 'newline' : 'tab'} character in the string instead ("\\${next}" in Lisp source).`
      : ` Write ${shown} without the backslash for the character itself.`;
  return error(`Unsupported escape \\${shown} ${at}.${hint}`);
}

function readInterval(pattern: string, index: number): Escape {
  const close = pattern.indexOf('\\}', index + 2);
  if (close < 0) {
    return error(
      `Unmatched \\{ at offset ${index}; write \\{n,m\\} for a count, or { for a literal brace.`,
    );
  }
  const body = pattern.slice(index + 2, close);
  const match = /^(\d*)(,(\d*))?$/.exec(body);
  const invalid = error(
    `Invalid interval \\{${body}\\} at offset ${index}; write \\{n\\}, \\{n,\\}, \\{,m\\} or \\{n,m\\} with n <= m <= ${maxIntervalCount}.`,
  );
  if (!match || (match[1] === '' && (match[2] === undefined || match[3] === ''))) return invalid;
  const min = match[1] === '' ? 0 : Number(match[1]);
  const max =
    match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3]);
  if (min > maxIntervalCount || (Number.isFinite(max) && max > maxIntervalCount) || max < min) {
    return invalid;
  }
  return { kind: 'interval', min, max, end: close + 2 };
}
