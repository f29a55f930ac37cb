import { syntaxClassOf } from './syntax-table.js';
import { isEmacsLower, isEmacsPrintable, isEmacsUpper } from './unicode-tables.js';

/** A predicate on one code point: the single-character atom a guest regexp consumes. */
export interface CharMatcher {
  test(codePoint: number): boolean;
  /** Set when the matcher accepts exactly this one code point. */
  readonly literal?: number;
}

// Fixed, trusted patterns: Unicode general categories as Emacs's character.c uses them, always
// intersected with Emacs's own set of assigned characters (see unicode-tables.ts).
const alphabetic = /^[\p{L}\p{M}\p{Nl}]$/u;
const decimal = /^\p{Nd}$/u;
const spaceSeparator = /^\p{Zs}$/u;
const separator = /^[\p{Zs}\p{Zl}\p{Zp}]$/u;

function charOf(codePoint: number): string {
  return String.fromCodePoint(codePoint);
}

function isAsciiPunct(codePoint: number): boolean {
  return (
    (codePoint >= 33 && codePoint <= 47) ||
    (codePoint >= 58 && codePoint <= 64) ||
    (codePoint >= 91 && codePoint <= 96) ||
    (codePoint >= 123 && codePoint <= 126)
  );
}

function isAsciiDigit(codePoint: number): boolean {
  return codePoint >= 48 && codePoint <= 57;
}

function isAsciiLetter(codePoint: number): boolean {
  return (codePoint >= 65 && codePoint <= 90) || (codePoint >= 97 && codePoint <= 122);
}

type ClassTest = (codePoint: number) => boolean;

// Each class follows regex-emacs.c: ASCII by the C-locale rule, other characters by Unicode
// general category or by the standard syntax table, whichever Emacs consults.
const namedClasses: ReadonlyMap<string, ClassTest> = new Map<string, ClassTest>([
  [
    'alpha',
    (c) => (c < 128 ? isAsciiLetter(c) : isEmacsPrintable(c) && alphabetic.test(charOf(c))),
  ],
  [
    'alnum',
    (c) =>
      c < 128
        ? isAsciiLetter(c) || isAsciiDigit(c)
        : isEmacsPrintable(c) && (alphabetic.test(charOf(c)) || decimal.test(charOf(c))),
  ],
  ['digit', isAsciiDigit],
  ['xdigit', (c) => isAsciiDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)],
  ['upper', isEmacsUpper],
  ['lower', isEmacsLower],
  ['space', (c) => syntaxClassOf(c) === ' '],
  ['word', (c) => syntaxClassOf(c) === 'w'],
  ['punct', (c) => (c < 128 ? isAsciiPunct(c) : syntaxClassOf(c) !== 'w')],
  ['blank', (c) => (c < 128 ? c === 32 || c === 9 : spaceSeparator.test(charOf(c)))],
  ['cntrl', (c) => c < 32],
  ['print', (c) => (c < 128 ? c >= 32 && c < 127 : isEmacsPrintable(c))],
  [
    'graph',
    (c) => (c < 128 ? c > 32 && c < 127 : isEmacsPrintable(c) && !separator.test(charOf(c))),
  ],
  ['ascii', (c) => c < 128],
  ['nonascii', (c) => c >= 128],
  ['multibyte', (c) => c >= 128],
  ['unibyte', (c) => c < 128],
]);

/** The test for a `[:name:]` class inside brackets, or undefined when Emacs has no such class. */
export function namedClassTest(name: string): ClassTest | undefined {
  return namedClasses.get(name);
}

/** A matcher for exactly one code point. */
export function literalMatcher(codePoint: number): CharMatcher {
  return { test: (c) => c === codePoint, literal: codePoint };
}

/** The matcher for `.`: any character except newline. */
export const anyExceptNewline: CharMatcher = { test: (c) => c !== 10 };

/** A matcher for `\sC` (or `\SC` when negated) over the standard syntax table. */
export function syntaxMatcher(designator: string, negated: boolean): CharMatcher {
  return { test: (c) => (syntaxClassOf(c) === designator) !== negated };
}

/** A bracket expression: ranges as [low, high] pairs plus named classes, maybe negated. */
export function bracketMatcher(
  ranges: readonly number[],
  classes: readonly ClassTest[],
  negated: boolean,
): CharMatcher {
  return { test: (c) => matchesBracket(c, ranges, classes) !== negated };
}

function matchesBracket(
  c: number,
  ranges: readonly number[],
  classes: readonly ClassTest[],
): boolean {
  for (let index = 0; index + 1 < ranges.length; index += 2) {
    if (c >= (ranges[index] ?? 0) && c <= (ranges[index + 1] ?? -1)) return true;
  }
  return classes.some((test) => test(c));
}
