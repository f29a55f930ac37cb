import type { Assertion } from './nodes.js';
import { isSymbolChar, isWordChar } from './syntax-table.js';
import { isScriptWordBoundary } from './word-boundary.js';

/** The code point ending just before `position`, or -1 at the start. */
export function codePointBefore(input: string, position: number): number {
  if (position <= 0) return -1;
  const low = input.charCodeAt(position - 1);
  if (low >= 0xdc00 && low <= 0xdfff && position >= 2) {
    const high = input.charCodeAt(position - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/** Whether a zero-width assertion holds at `position`, with Emacs's rules for strings. */
export function assertionHolds(assertion: Assertion, input: string, position: number): boolean {
  const atStart = position === 0;
  const atEnd = position >= input.length;
  switch (assertion) {
    case 'line-start':
      return atStart || input.charCodeAt(position - 1) === 10;
    case 'line-end':
      return atEnd || input.charCodeAt(position) === 10;
    case 'string-start':
      return atStart;
    case 'string-end':
      return atEnd;
    case 'word-boundary':
    case 'not-word-boundary':
      // Emacs counts both ends of the string as word boundaries whatever follows.
      return (
        (atStart || atEnd || isWordBoundary(input, position)) === (assertion === 'word-boundary')
      );
    case 'word-start': {
      if (atEnd || !isWordChar(input.codePointAt(position) ?? -1)) return false;
      return atStart || isWordBoundary(input, position);
    }
    case 'word-end': {
      if (atStart || !isWordChar(codePointBefore(input, position))) return false;
      return atEnd || isWordBoundary(input, position);
    }
    case 'symbol-start':
      return (
        !atEnd &&
        isSymbolChar(input.codePointAt(position) ?? -1) &&
        (atStart || !isSymbolChar(codePointBefore(input, position)))
      );
    case 'symbol-end':
      return (
        !atStart &&
        isSymbolChar(codePointBefore(input, position)) &&
        (atEnd || !isSymbolChar(input.codePointAt(position) ?? -1))
      );
  }
}

// Between two characters: exactly one has word syntax, or both do and Emacs's script rule splits them.
function isWordBoundary(input: string, position: number): boolean {
  const before = codePointBefore(input, position);
  const after = input.codePointAt(position) ?? -1;
  const wordBefore = isWordChar(before);
  const wordAfter = isWordChar(after);
  if (wordBefore !== wordAfter) return true;
  return wordBefore && isScriptWordBoundary(before, after);
}
