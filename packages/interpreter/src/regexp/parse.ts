import { anyExceptNewline, literalMatcher, syntaxMatcher } from './char-classes.js';
import { foldLiteralMatcher } from './fold-matchers.js';
import type { Assertion, ParseResult, Quantifier, RegexpNode } from './nodes.js';
import { looksLikeBareClass, parseBracket } from './parse-bracket.js';
import { readEscape } from './parse-escape.js';
import { maxIntervalExpansion, maxQuantifiedAtoms } from './parse-limits.js';
import { type Last, quantifierRejection } from './parse-quantifier.js';

class Rejection {
  constructor(readonly message: string) {}
}

/** Parses a guest regexp into a flat node sequence, applying every subset rule of the manual. */
export function parseRegexp(pattern: string, caseFold = false): ParseResult {
  try {
    return { success: true, value: parseOrReject(pattern, caseFold) };
  } catch (error) {
    if (error instanceof Rejection) return { success: false, error: { message: error.message } };
    throw error;
  }
}

function parseOrReject(pattern: string, caseFold: boolean) {
  const literal = caseFold ? foldLiteralMatcher : literalMatcher;
  const nodes: RegexpNode[] = [];
  const open: number[] = [];
  let groupCount = 0;
  let quantifiedAtoms = 0;
  let expansion = 0;
  let last: Last = 'none';
  let afterOpen = true;
  let index = 0;

  const pushAtom = (node: RegexpNode & { kind: 'atom' }) => {
    nodes.push(node);
    last = 'atom';
  };
  // Emacs lets a quantifier follow a backslash assertion (repeating the assertion alone), but not
  // ^, after which a quantifier character is literal; the subset rejects the former.
  const pushAssert = (assertion: Assertion, backslashed: boolean) => {
    nodes.push({ kind: 'assert', assertion });
    if (backslashed) last = 'assert';
  };
  const quantify = (quantifier: Quantifier, at: number, written: string) => {
    const refused = quantifierRejection(last, at, written);
    if (refused !== undefined) throw new Rejection(refused);
    const node = nodes[nodes.length - 1];
    if (node?.kind !== 'atom') throw new Error('quantifier without an atom');
    quantifiedAtoms += 1;
    if (quantifiedAtoms > maxQuantifiedAtoms) {
      throw new Rejection(
        `More than ${maxQuantifiedAtoms} quantified atoms (the ${quantifiedAtoms}th, ${written}, is at offset ${at}). Split the match into several smaller regexps or do part of the work with string functions.`,
      );
    }
    node.quantifier = quantifier;
    last = 'quantified';
  };

  while (index < pattern.length) {
    const at = index;
    const wasAfterOpen = afterOpen;
    afterOpen = false;
    const char = pattern[index] ?? '';
    if (char === '\\') {
      const escaped = readEscape(pattern, index);
      if (escaped.kind === 'error') throw new Rejection(escaped.message);
      index = escaped.end;
      switch (escaped.kind) {
        case 'literal':
          pushAtom({ kind: 'atom', matcher: literal(escaped.codePoint) });
          break;
        case 'syntax':
          pushAtom({ kind: 'atom', matcher: syntaxMatcher(escaped.designator, escaped.negated) });
          break;
        case 'assert':
          pushAssert(escaped.assertion, true);
          break;
        case 'open':
          groupCount += 1;
          open.push(groupCount);
          nodes.push({ kind: 'open', group: groupCount });
          last = 'none';
          afterOpen = true;
          break;
        case 'close': {
          const group = open.pop();
          if (group === undefined) {
            throw new Rejection(
              `Unmatched \\) at offset ${at}; remove it, or write ) for a literal parenthesis.`,
            );
          }
          nodes.push({ kind: 'close', group });
          last = 'group';
          break;
        }
        case 'interval': {
          if (last === 'none') {
            throw new Rejection(
              `Interval \\{...\\} at offset ${at} has no atom before it; write { for a literal brace.`,
            );
          }
          const written = pattern.slice(at, escaped.end);
          quantify({ min: escaped.min, max: escaped.max, greedy: true }, at, written);
          expansion += Number.isFinite(escaped.max) ? escaped.max : escaped.min + 1;
          if (expansion > maxIntervalExpansion) {
            throw new Rejection(
              `Interval counts at offset ${at} add up to more than ${maxIntervalExpansion} repetitions; use smaller counts or check the length with string functions.`,
            );
          }
          break;
        }
      }
      continue;
    }
    if (char === '^' && (at === 0 || wasAfterOpen)) {
      index += 1;
      pushAssert('line-start', false);
      continue;
    }
    if (char === '$' && (at + 1 === pattern.length || pattern.startsWith('\\)', at + 1))) {
      index += 1;
      pushAssert('line-end', false);
      continue;
    }
    if ((char === '*' || char === '+' || char === '?') && last !== 'none') {
      index += 1;
      let greedy = true;
      if (pattern[index] === '?') {
        greedy = false;
        index += 1;
      }
      const max = char === '?' ? 1 : Number.POSITIVE_INFINITY;
      quantify({ min: char === '+' ? 1 : 0, max, greedy }, at, pattern.slice(at, index));
      continue;
    }
    if (char === '.') {
      index += 1;
      pushAtom({ kind: 'atom', matcher: anyExceptNewline });
      continue;
    }
    if (char === '[') {
      const bare = looksLikeBareClass(pattern, at);
      if (bare !== undefined) {
        throw new Rejection(
          `[:${bare}:] at offset ${at} is a bracket of the characters in ":${bare}:"; write [[:${bare}:]] for the character class.`,
        );
      }
      const bracket = parseBracket(pattern, at, caseFold);
      if (!bracket.success) throw new Rejection(bracket.message);
      index = bracket.end;
      pushAtom({ kind: 'atom', matcher: bracket.matcher });
      continue;
    }
    const codePoint = pattern.codePointAt(index) ?? 0;
    index += codePoint > 0xffff ? 2 : 1;
    pushAtom({ kind: 'atom', matcher: literal(codePoint) });
  }
  if (open.length > 0) {
    throw new Rejection(
      `Unmatched \\( (group ${open[open.length - 1]}); close it with \\), or write ( for a literal parenthesis.`,
    );
  }
  return { nodes, groupCount, quantifiedAtoms };
}
