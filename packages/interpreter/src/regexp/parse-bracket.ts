import { bracketMatcher, type CharMatcher, namedClassTest } from './char-classes.js';
import { foldBracketMatcher } from './fold-matchers.js';

/** A parsed bracket expression and the offset just after its closing `]`. */
export type BracketResult =
  | { success: true; matcher: CharMatcher; end: number }
  | { success: false; message: string };

const classNames =
  'alpha, alnum, digit, xdigit, upper, lower, space, word, punct, blank, cntrl, print, graph, ascii, nonascii, multibyte, unibyte';

/**
 * Parses the bracket expression whose `[` is at `open`, following regex-emacs.c: `]` first is
 * literal, backslash is literal, `[:name:]` is a class, and `-` is literal first or last.
 */
export function parseBracket(pattern: string, open: number, caseFold = false): BracketResult {
  let index = open + 1;
  let negated = false;
  if (pattern[index] === '^') {
    negated = true;
    index += 1;
  }
  const first = index;
  const ranges: number[] = [];
  const classes: Array<(codePoint: number) => boolean> = [];
  const classNamesUsed: string[] = [];
  for (;;) {
    if (index >= pattern.length) {
      return {
        success: false,
        message: `Unmatched [ at offset ${open}: close the bracket class with ], or write \\[ for a literal [.`,
      };
    }
    const named = readNamedClass(pattern, index);
    if (named !== undefined) {
      if (!named.test) {
        return {
          success: false,
          message: `Unknown character class [:${named.name}:] at offset ${index}; the classes are ${classNames}.`,
        };
      }
      classes.push(named.test);
      classNamesUsed.push(named.name);
      index = named.end;
      continue;
    }
    const low = pattern.codePointAt(index) ?? 0;
    index += low > 0xffff ? 2 : 1;
    if (low === 93 && index - 1 !== first) {
      const matcher = caseFold
        ? foldBracketMatcher(ranges, classNamesUsed, negated)
        : bracketMatcher(ranges, classes, negated);
      return { success: true, matcher, end: index };
    }
    let high = low;
    if (pattern[index] === '-' && index + 1 < pattern.length && pattern[index + 1] !== ']') {
      high = pattern.codePointAt(index + 1) ?? 0;
      index += high > 0xffff ? 3 : 2;
      if (high < low) {
        return {
          success: false,
          message: `Reversed range ${String.fromCodePoint(low)}-${String.fromCodePoint(high)} in bracket class at offset ${open}; write the lower character first, or put - last for a literal -.`,
        };
      }
    }
    ranges.push(low, high);
  }
}

// As regex-emacs.c's re_wctype_parse: after "[:", everything up to the next ":]" (even across
// a "]") is the class name; with no ":]" later in the pattern the "[" is an ordinary character.
function readNamedClass(
  pattern: string,
  index: number,
): { name: string; end: number; test: ((codePoint: number) => boolean) | undefined } | undefined {
  if (pattern[index] !== '[' || pattern[index + 1] !== ':') return undefined;
  const close = pattern.indexOf(':]', index + 2);
  if (close < 0) return undefined;
  const name = pattern.slice(index + 2, close);
  return { name, end: close + 2, test: namedClassTest(name) };
}

/** Whether `[` at `open` starts a lone `[:name:]`, a likely mistake for `[[:name:]]`. */
export function looksLikeBareClass(pattern: string, open: number): string | undefined {
  const match = /^\[:([a-z]+):\]/.exec(pattern.slice(open, open + 16));
  return match?.[1];
}
