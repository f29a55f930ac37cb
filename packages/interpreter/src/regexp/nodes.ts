import type { CharMatcher } from './char-classes.js';

/** A repetition count on one atom; `max` is `Infinity` when unbounded. */
export type Quantifier = { min: number; max: number; greedy: boolean };

/** A zero-width test at a position. */
export type Assertion =
  | 'line-start'
  | 'line-end'
  | 'string-start'
  | 'string-end'
  | 'word-boundary'
  | 'not-word-boundary'
  | 'word-start'
  | 'word-end'
  | 'symbol-start'
  | 'symbol-end';

/** One element of a parsed guest regexp: the subset is a flat sequence of these. */
export type RegexpNode =
  | { kind: 'atom'; matcher: CharMatcher; quantifier?: Quantifier }
  | { kind: 'assert'; assertion: Assertion }
  | { kind: 'open'; group: number }
  | { kind: 'close'; group: number };

/** A guest regexp that passed every subset rule. */
export type ParsedRegexp = {
  nodes: RegexpNode[];
  groupCount: number;
  quantifiedAtoms: number;
};

/** A parse result: the flat node sequence or the message naming the first problem. */
export type ParseResult =
  | { success: true; value: ParsedRegexp }
  | { success: false; error: { message: string } };
