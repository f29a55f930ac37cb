import type { Range } from 'web-tree-sitter';
import type { LanguageId } from '../languages.js';

/** The languages whose top-level statements the split finds by their first line. */
export const SPLIT_LANGUAGES: ReadonlySet<LanguageId> = new Set([
  'typescript',
  'tsx',
  'javascript',
]);

// A line that begins a top-level declaration. None of these words can continue an
// expression from the line before, so a statement that closed there stays closed.
const DECLARATION =
  /^(?:export|function|class|const|let|var|import|interface|enum|type|declare|abstract|async function)\b/;
// How far from the middle (as a share of the text) a split line is looked for.
const REACH = 0.25;

// Whether the line ending just before `newline` closes a top-level statement: a lone `}`
// or an unindented line ending in `;`.
function closesStatement(text: string, newline: number): boolean {
  const start = text.lastIndexOf('\n', newline - 1) + 1;
  let end = newline;
  while (
    end > start &&
    (text[end - 1] === ' ' || text[end - 1] === '\t' || text[end - 1] === '\r')
  ) {
    end--;
  }
  if (end === start) return false;
  if (end - start === 1) return text[start] === '}';
  return text[end - 1] === ';' && text[start] !== ' ' && text[start] !== '\t';
}

function isSplitLine(text: string, newline: number): boolean {
  const start = newline + 1;
  return DECLARATION.test(text.slice(start, start + 16)) && closesStatement(text, newline);
}

/**
 * A string index near the middle of `text` where a top-level declaration line follows a
 * line closing a top-level statement, or -1 when there is none. It is only a guess (a
 * template string or comment can hold such lines): each part's parse must be error-free
 * before the split is trusted.
 */
export function splitPoint(text: string): number {
  const middle = text.length >> 1;
  const reach = Math.floor(text.length * REACH);
  for (
    let i = text.indexOf('\n', middle);
    i !== -1 && i + 1 < text.length && i < middle + reach;
    i = text.indexOf('\n', i + 1)
  ) {
    if (isSplitLine(text, i)) return i + 1;
  }
  for (
    let i = text.lastIndexOf('\n', middle - 1);
    i > 0 && i > middle - reach;
    i = text.lastIndexOf('\n', i - 1)
  ) {
    if (isSplitLine(text, i)) return i + 1;
  }
  return -1;
}

/** The two ranges of a text split at `at` (a line start), in whole-file positions. */
export function splitRanges(text: string, at: number): readonly [Range, Range] {
  let rows = 0;
  let splitRow = 0;
  let lastLineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    rows++;
    lastLineStart = i + 1;
    if (i < at) splitRow = rows;
  }
  const middle = { row: splitRow, column: 0 };
  return [
    { startIndex: 0, endIndex: at, startPosition: { row: 0, column: 0 }, endPosition: middle },
    {
      startIndex: at,
      endIndex: text.length,
      startPosition: middle,
      endPosition: { row: rows, column: text.length - lastLineStart },
    },
  ];
}
