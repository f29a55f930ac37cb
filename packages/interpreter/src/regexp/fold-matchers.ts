import { canonicalCase, caseVariants } from './case-fold.js';
import { type CharMatcher, namedClassTest } from './char-classes.js';
import { isEmacsLower, isEmacsUpper } from './unicode-tables.js';

/** A literal under case-fold-search: any character with the same canonical case matches. */
export function foldLiteralMatcher(codePoint: number): CharMatcher {
  const canonical = canonicalCase(codePoint);
  const only = caseVariants(canonical).length === 1;
  return only
    ? { test: (c) => c === codePoint, literal: codePoint }
    : { test: (c) => canonicalCase(c) === canonical };
}

/**
 * A bracket under case-fold-search, as regex-emacs.c builds and runs it: the input character is
 * canonicalized first; an ASCII result is looked up in a bitmap holding the canonical forms of
 * the listed characters plus every ASCII class member and its canonical form; any other result
 * must be a case variant of a listed character or satisfy a class.
 */
export function foldBracketMatcher(
  ranges: readonly number[],
  classNames: readonly string[],
  negated: boolean,
): CharMatcher {
  const classes = classNames.map((name) => ({ name, test: namedClassTest(name) ?? (() => false) }));
  const bits = new Uint8Array(128);
  for (let index = 0; index + 1 < ranges.length; index += 2) {
    const high = Math.min(ranges[index + 1] ?? -1, 127);
    for (let c = ranges[index] ?? 0; c <= high; c += 1) bits[canonicalCase(c)] = 1;
  }
  for (const { test } of classes) {
    for (let c = 0; c < 128; c += 1) {
      if (!test(c)) continue;
      bits[c] = 1;
      const canonical = canonicalCase(c);
      if (canonical < 128) bits[canonical] = 1;
    }
  }
  const inRanges = (c: number) => {
    for (let index = 0; index + 1 < ranges.length; index += 2) {
      if (c >= (ranges[index] ?? 0) && c <= (ranges[index + 1] ?? -1)) return true;
    }
    return false;
  };
  // Under case folding Emacs's [:upper:] and [:lower:] both accept any cased letter.
  const inClass = (
    name: string,
    test: (c: number) => boolean,
    canonical: number,
    original: number,
  ) =>
    name === 'upper' || name === 'lower'
      ? isEmacsUpper(original) || isEmacsLower(original)
      : test(canonical);
  return {
    test: (c) => {
      const canonical = canonicalCase(c);
      const inside =
        canonical < 128
          ? bits[canonical] === 1
          : caseVariants(canonical).some(inRanges) ||
            classes.some(({ name, test }) => inClass(name, test, canonical, c));
      return inside !== negated;
    },
  };
}
