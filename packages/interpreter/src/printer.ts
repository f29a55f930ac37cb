import { printFloat } from './float-format.js';
import { exceed } from './guest-error.js';
import { Closure, Cons, intern, LFloat, NIL, Sym, type Value } from './values.js';

class Token {
  readonly text: string;
  readonly backquote: number;
  constructor(text: string, backquote = 0) {
    this.text = text;
    this.backquote = backquote;
  }
}

const QUOTE = intern('quote');
const FUNCTION = intern('function');
const BACKQUOTE = intern('`');
const COMMA = intern(',');
const COMMA_AT = intern(',@');
const numberLike =
  /^[-+]?(?:\d+\.?|\d*\.\d+(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+|\d*\.?\d+e\+(?:INF|NaN))$/;
const symbolEscapes = /["\\';#(),.`[\]?\s\u00a0]/;

/** Prints a symbol name with the backslashes `prin1` adds so that it reads back as the same symbol. */
export function printSymbolName(name: string): string {
  if (name === '') return '##';
  let text = '';
  for (const ch of name) text += symbolEscapes.test(ch) || ch <= ' ' ? `\\${ch}` : ch;
  return numberLike.test(name) && !text.startsWith('\\') ? `\\${text}` : text;
}

/** Prints a string with the escapes `prin1` uses: only `"` and `\\` are escaped. */
export function printString(text: string): string {
  if (text.length <= printChunk) return `"${text.replace(escapable, '\\$&')}"`;
  // In pieces: V8 gathers a whole string's replacements in one array first, and a string of
  // tens of millions of quotes (a raised value-size budget) would pass its largest array
  // and abort the process.
  const pieces: string[] = [];
  for (let from = 0; from < text.length; from += printChunk)
    pieces.push(text.slice(from, from + printChunk).replace(escapable, '\\$&'));
  return `"${pieces.join('')}"`;
}

const escapable = /["\\]/g;
const printChunk = 65_536;

/** The length of `printString(text)`, without building it. */
function printedStringLength(text: string): number {
  let length = text.length + 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 || code === 92) length++;
  }
  return length;
}

function atom(value: Value, escaped: boolean): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return escaped ? printString(value) : value;
  if (value instanceof Sym) return escaped ? printSymbolName(value.name) : value.name;
  if (value instanceof LFloat) return printFloat(value.value);
  if (value instanceof Closure)
    return value.name === undefined ? '#<lambda>' : `#<function ${value.name}>`;
  return '';
}

function prefixOf(value: Cons, backquote: number): [string, number] | undefined {
  const head = value.car;
  if (!(value.cdr instanceof Cons) || value.cdr.cdr !== NIL) return undefined;
  if (head === QUOTE) return ["'", 0];
  if (head === FUNCTION) return ["#'", 0];
  if (head === BACKQUOTE) return ['`', 1];
  if (backquote > 0 && head === COMMA) return [',', -1];
  if (backquote > 0 && head === COMMA_AT) return [',@', -1];
  return undefined;
}

/**
 * Prints `value` as Emacs `prin1` would (or `princ` when `escaped` is false), without recursion,
 * and stops with a `value-size` budget error once the text passes `limit` characters.
 */
export function printValue(
  value: Value,
  escaped = true,
  limit = Number.POSITIVE_INFINITY,
  truncate = false,
): string {
  // The most common result, printed without the general walk (which a first evaluation
  // would otherwise have to compile).
  if (typeof value === 'number') {
    const text = String(value);
    if (text.length <= limit) return text;
  }
  return printWalk(value, escaped, limit, truncate);
}

function printWalk(value: Value, escaped: boolean, limit: number, truncate: boolean): string {
  const parts: string[] = [];
  let size = 0;
  let backquote = 0;
  const stack: Array<Value | Token> = [value];
  const emit = (text: string): void => {
    size += text.length;
    if (size > limit) {
      if (truncate) throw new Truncated(`${parts.join('').concat(text).slice(0, limit)}…`);
      exceed('value-size', limit, 'bytes: the printed value is larger');
    }
    parts.push(text);
  };
  while (stack.length > 0) {
    const item = stack.pop() as Value | Token;
    if (item instanceof Token) {
      backquote += item.backquote;
      if (item.text !== '') emit(item.text);
      continue;
    }
    if (Array.isArray(item)) {
      emit('[');
      stack.push(new Token(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i] as Value);
        if (i > 0) stack.push(new Token(' '));
      }
      continue;
    }
    if (!(item instanceof Cons)) {
      // A string that cannot fit is never escaped whole: the budget stops it first.
      if (
        escaped &&
        typeof item === 'string' &&
        size + item.length + 2 > limit &&
        size + printedStringLength(item) > limit
      ) {
        emit(printString(item.slice(0, Math.max(0, limit - size))));
        emit('"');
      }
      emit(atom(item, escaped));
      continue;
    }
    const prefix = prefixOf(item, backquote);
    if (prefix !== undefined) {
      emit(prefix[0]);
      backquote += prefix[1];
      stack.push(new Token('', -prefix[1]), (item.cdr as Cons).car);
      continue;
    }
    emit('(');
    const items: Value[] = [];
    let tail: Value = item;
    while (tail instanceof Cons) {
      items.push(tail.car);
      tail = tail.cdr;
    }
    stack.push(new Token(')'));
    if (tail !== NIL) stack.push(tail, new Token(' . '));
    for (let i = items.length - 1; i >= 0; i--) {
      stack.push(items[i] as Value);
      if (i > 0) stack.push(new Token(' '));
    }
  }
  return parts.join('');
}

class Truncated {
  constructor(readonly text: string) {}
}

/** Prints at most about `max` characters of `value` for an error message, ending in `…` when cut. */
export function preview(value: Value, max = 200): string {
  try {
    return printValue(value, true, max, true);
  } catch (error) {
    if (error instanceof Truncated) return error.text;
    throw error;
  }
}

/** Whether `value` prints within `limit` characters (stops early on large shared structure). */
export function printsWithin(value: Value, limit: number): boolean {
  try {
    printValue(value, true, limit, true);
    return true;
  } catch (error) {
    if (error instanceof Truncated) return false;
    throw error;
  }
}

/** Prints a guest value in Emacs `prin1` form. */
export function print(value: Value): string {
  return printValue(value, true);
}
