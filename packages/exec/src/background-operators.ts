/** A shell construct that would detach work from the managed lifecycle. */
export interface BackgroundOperator {
  /** The construct found: `&`, `disown` or `coproc`. */
  operator: '&' | 'disown' | 'coproc';
  /** The character offset in the source. */
  index: number;
}

/** The model-visible explanation for a refused background operator. */
export const BACKGROUND_REFUSAL =
  'Shell-native background execution is not supported; use yield_time_ms';

const WORD_BREAK = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '`', '{', '}']);
const DETACHING_WORDS = new Set(['disown', 'coproc']);

function readHeredocDelimiter(source: string, start: number): string | undefined {
  let index = start;
  if (source[index] === '-') index += 1;
  while (source[index] === ' ' || source[index] === '\t') index += 1;
  const match = /^(['"]?)([A-Za-z0-9_.-]+)\1/.exec(source.slice(index));
  return match?.[2];
}

function skipHeredocBody(source: string, from: number, delimiter: string): number {
  let lineStart = source.indexOf('\n', from);
  while (lineStart !== -1) {
    const lineEnd = source.indexOf('\n', lineStart + 1);
    const line = source.slice(lineStart + 1, lineEnd === -1 ? source.length : lineEnd);
    if (line.replace(/^\t+/, '') === delimiter) return lineEnd === -1 ? source.length : lineEnd;
    lineStart = lineEnd;
  }
  return source.length;
}

/**
 * Finds the first shell background operator in `source` with a conservative lexical scan that
 * respects quotes, comments, heredocs and arithmetic, and never mistakes `&&`, `>&2`, `&>` or `|&`.
 */
export function findBackgroundOperator(source: string): BackgroundOperator | undefined {
  let quote: "'" | '"' | undefined;
  let arithmetic = 0;
  const heredocs: string[] = [];
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    const previous = index > 0 ? source[index - 1]! : '\n';
    if (quote === "'") {
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      continue;
    }
    if (char === '\n' && heredocs.length > 0) {
      for (const delimiter of heredocs.splice(0)) {
        index = skipHeredocBody(source, index, delimiter);
      }
      continue;
    }
    if (char === '#' && WORD_BREAK.has(previous)) {
      const end = source.indexOf('\n', index);
      index = (end === -1 ? source.length : end) - 1;
      continue;
    }
    if (char === '(' && source[index + 1] === '(') {
      arithmetic += 1;
      index += 1;
      continue;
    }
    if (arithmetic > 0) {
      if (char === ')' && source[index + 1] === ')') {
        arithmetic -= 1;
        index += 1;
      }
      continue;
    }
    if (char === '<' && source[index + 1] === '<' && source[index + 2] !== '<') {
      const delimiter = readHeredocDelimiter(source, index + 2);
      if (delimiter !== undefined) heredocs.push(delimiter);
      index += 1;
      continue;
    }
    if (char === '&') {
      const next = source[index + 1];
      if (next === '&') {
        index += 1;
        continue;
      }
      if (next === '>' || previous === '>' || previous === '<' || previous === '|') continue;
      if (previous === ';') continue;
      return { operator: '&', index };
    }
    if (WORD_BREAK.has(previous) && /[a-z]/.test(char)) {
      const match = /^[a-z]+/.exec(source.slice(index, index + 8));
      const word = match?.[0] ?? '';
      const after = source[index + word.length];
      if (DETACHING_WORDS.has(word) && (after === undefined || WORD_BREAK.has(after))) {
        return { operator: word as 'disown' | 'coproc', index };
      }
    }
  }
  return undefined;
}
