import { exceed } from '../guest-error.js';
import { guestError, type Machine } from '../machine.js';
import type { Primitive } from '../nodes-call.js';
// The one import of the regexp engine: switch it to '../regexp/index.js' when that branch lands.
import { type CompiledRegexp, compileRegexp, regexpQuote } from '../regexp/index.js';

export { compileRegexp };

import { list, NIL, type Value } from '../values.js';
import { asFixnum, asString, CELL_BYTES, checkString, define, define1, given } from './check.js';
import { charIndex, charLength, unitOffset } from './code-points.js';

/** The fixed whitespace separator an omitted split separator uses (never Emacs configuration). */
export const defaultSeparators = '[ \f\t\n\r\v]+';
const defaultTrim = '[ \t\n\r]+';

/** Compiles a guest regexp or raises the guest error that names the rejection. */
export function guestRegexp(pattern: string): CompiledRegexp {
  const result = compileRegexp(pattern);
  if (!result.success) return guestError(`invalid-regexp "${pattern}": ${result.error.message}`);
  return result.value;
}

const emptyProbes = ['', ' ', 'a', 'a b,1\n'];

/** Whether a separator can match the empty string (Emacs's split-string can loop on such separators). */
export function canMatchEmpty(regexp: CompiledRegexp): boolean {
  for (const probe of emptyProbes)
    for (let at = 0; at <= probe.length; at++) {
      const match = regexp.exec(probe, at);
      if (match !== null && match.start === match.end) return true;
    }
  return false;
}

/** Refuses a match whose estimated work exceeds the regexp-work budget, before matching. */
export function chargeRegexp(m: Machine, regexp: CompiledRegexp, inputLength: number): void {
  const work = regexp.estimateWork(inputLength);
  if (work > m.limits.regexpWork)
    exceed(
      'regexp-work',
      m.limits.regexpWork,
      `units: "${regexp.source}" on ${inputLength} characters is estimated at ${work.toExponential(2)} after ${m.steps} steps`,
    );
}

function trimLeft(m: Machine, text: string, pattern: string): string {
  const regexp = guestRegexp(pattern);
  chargeRegexp(m, regexp, text.length);
  const match = regexp.exec(text, 0);
  return match !== null && match.start === 0 ? text.slice(match.end) : text;
}

function trimRight(m: Machine, text: string, pattern: string): string {
  const regexp = guestRegexp(`${pattern}\\'`);
  chargeRegexp(m, regexp, text.length);
  const match = regexp.exec(text, 0);
  return match !== null ? text.slice(0, match.start) : text;
}

function split(
  m: Machine,
  text: string,
  separators: Value | undefined,
  omitNulls: Value | undefined,
  trim: Value | undefined,
): Value {
  const keepNulls = given(separators) ? !given(omitNulls) : false;
  const pattern = given(separators) ? asString(separators) : defaultSeparators;
  if (pattern === '') guestError('split-string: an empty separator is not allowed in the dialect');
  const trimPattern = given(trim) ? asString(trim) : undefined;
  // Every piece prints as at least two quotes and a space: refuse a split whose worst case cannot fit.
  const worstPieces = keepNulls ? text.length + 1 : Math.ceil(text.length / 2) + 1;
  if (worstPieces * 3 + text.length > m.limits.valueSize)
    exceed(
      'value-size',
      m.limits.valueSize,
      `bytes: splitting ${text.length} characters could produce a larger list`,
    );
  const regexp = guestRegexp(pattern);
  if (canMatchEmpty(regexp))
    guestError(
      `split-string: the separator "${pattern}" can match the empty string, which is not allowed in the dialect`,
    );
  chargeRegexp(m, regexp, text.length);
  const pieces: string[] = [];
  const push = (from: number, to: number): void => {
    let piece = text.slice(from, to);
    if (trimPattern !== undefined)
      piece = trimRight(m, trimLeft(m, piece, trimPattern), trimPattern);
    if (keepNulls || piece.length > 0) pieces.push(piece);
  };
  let start = 0;
  let notFirst = false;
  let lastMatchStart = -1;
  while (true) {
    const match = regexp.exec(
      text,
      notFirst && start === lastMatchStart && start < text.length ? start + 1 : start,
    );
    if (match === null || start >= text.length) break;
    notFirst = true;
    lastMatchStart = match.start;
    push(start, match.start);
    start = match.end;
  }
  push(start, text.length);
  let size = pieces.length * CELL_BYTES;
  for (const piece of pieces) size += piece.length;
  m.allocate(size, 'at a split-string result');
  return list(pieces);
}

/** Regexp primitives over the bounded Emacs-regexp subset. */
export const regexpPrimitives: Primitive[] = [
  define('string-match-p', 2, 3, ([re, s, start], m) => {
    const text = asString(s);
    const regexp = guestRegexp(asString(re));
    const length = charLength(text);
    let from = given(start) ? asFixnum(start) : 0;
    if (from < 0) from += length;
    if (from < 0 || from > length) guestError(`args-out-of-range ${from}`);
    const unit = unitOffset(text, from);
    chargeRegexp(m, regexp, text.length - unit);
    const match = regexp.exec(text, unit);
    return match === null ? NIL : charIndex(text, match.start);
  }),
  define('split-string', 1, 4, ([s, separators, omitNulls, trim], m) =>
    split(m, asString(s), separators, omitNulls, trim),
  ),
  define('string-trim', 1, 3, ([s, left, right], m) => {
    const text = asString(s);
    return checkString(
      m,
      trimRight(
        m,
        trimLeft(m, text, given(left) ? asString(left) : defaultTrim),
        given(right) ? asString(right) : defaultTrim,
      ),
    );
  }),
  define1('regexp-quote', (s, m) => checkString(m, regexpQuote(asString(s)))),
];
