import { InterpreterError } from './errors.js';
import { BudgetError, GuestError } from './guest-error.js';
import { defaultLimits, type Limits } from './limits.js';
import { decodeEscape, parseAtom } from './read-atom.js';
import { utf8Length } from './utf8.js';
import { type Cons, intern, list, NIL, type Value } from './values.js';

/** The forms of a script with the source offset where each list or vector starts. */
export type ReadForms = {
  forms: Value[];
  /** Start and end offsets of each top-level form. */
  spans: Array<{ start: number; end: number }>;
  /** Start offset of every list and vector read. */
  positions: WeakMap<object, number>;
};

/** The result of `read`: forms, or a read error (or a budget error for size and depth). */
export type ReadResult =
  | { success: true; value: ReadForms }
  | { success: false; error: InterpreterError };

const delimiters = new Set([
  ' ',
  '\t',
  '\n',
  '\r',
  '\f',
  '(',
  ')',
  '[',
  ']',
  '"',
  "'",
  ';',
  '`',
  ',',
]);
const prefixSymbols: Record<string, Value> = {
  "'": intern('quote'),
  '`': intern('`'),
  ',': intern(','),
  ',@': intern(',@'),
  "#'": intern('function'),
};

type Frame = { close: ')' | ']'; items: Value[]; start: number };

/** Returns line:column (1-based) of `offset` in `source`. */
export function lineColumn(source: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++)
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  return `${line}:${offset - lineStart + 1}`;
}

/** Reads all forms of `source` under the script-bytes, syntax-nodes and depth budgets. */
export function read(source: string, limits: Partial<Limits> = {}): ReadResult {
  const { scriptBytes, syntaxNodes, depth, numericSize } = { ...defaultLimits, ...limits };
  try {
    if (typeof source !== 'string')
      throw new TypeError(`read expects a source string, received ${typeof source}`);
    // A UTF-16 code unit is at most 3 UTF-8 bytes: a script that short is counted by no one.
    const bytes = source.length * 3 <= scriptBytes ? 0 : utf8Length(source);
    if (bytes > scriptBytes)
      throw new BudgetError(
        'script-bytes',
        `script-bytes budget exceeded: limit ${scriptBytes} bytes, the script has ${bytes}`,
      );
    return { success: true, value: readAll(source, syntaxNodes, depth, numericSize) };
  } catch (error) {
    if (error instanceof BudgetError)
      return {
        success: false,
        error: new InterpreterError('budget-exceeded', error.message, { budget: error.budget }),
      };
    if (error instanceof GuestError)
      return { success: false, error: new InterpreterError('read-error', error.message) };
    throw error;
  }
}

function readAll(source: string, maxNodes: number, maxDepth: number, bits: number): ReadForms {
  const forms: Value[] = [];
  const spans: Array<{ start: number; end: number }> = [];
  const positions = new WeakMap<object, number>();
  const stack: Frame[] = [];
  const prefixes: Array<{ symbol: Value; depth: number; at: number }> = [];
  let nodes = 0;
  let i = 0;
  let formStart = 0;
  const fail = (message: string, at: number): never => {
    throw new GuestError(`${message} at ${lineColumn(source, at)}`);
  };
  const complete = (datum: Value, at: number): void => {
    if (++nodes > maxNodes)
      throw new BudgetError(
        'syntax-nodes',
        `syntax-nodes budget exceeded: limit ${maxNodes} nodes, reached at ${lineColumn(source, at)}`,
      );
    let value = datum;
    while (prefixes.length > 0 && (prefixes.at(-1) as { depth: number }).depth === stack.length) {
      const prefix = prefixes.pop() as { symbol: Value };
      value = list([prefix.symbol, value]);
      positions.set(value as Cons, at);
    }
    const top = stack.at(-1);
    if (top === undefined) {
      forms.push(value);
      spans.push({ start: formStart, end: i });
    } else top.items.push(value);
  };
  while (true) {
    const c = source[i];
    if (c === undefined) break;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === ';') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (stack.length === 0 && prefixes.length === 0) formStart = i;
    if (c === '(' || c === '[') {
      if (stack.length + prefixes.length + 1 > maxDepth)
        throw new BudgetError(
          'depth',
          `depth budget exceeded: limit ${maxDepth} levels of nesting, reached at ${lineColumn(source, i)}`,
        );
      stack.push({ close: c === '(' ? ')' : ']', items: [], start: i });
      i++;
      continue;
    }
    if (c === ')' || c === ']') {
      const top = stack.pop();
      if (top === undefined) fail(`unexpected '${c}'`, i);
      const frame = top as Frame;
      if (frame.close !== c)
        fail(
          `'${c}' closes '${frame.close === ')' ? '(' : '['}' opened at ${lineColumn(source, frame.start)}`,
          i,
        );
      if (prefixes.length > 0 && (prefixes.at(-1) as { depth: number }).depth > stack.length)
        fail('quote or comma followed by nothing', i);
      i++;
      const value = c === ')' ? list(frame.items) : frame.items;
      if (value !== NIL) positions.set(value as object, frame.start);
      complete(value, frame.start);
      continue;
    }
    if (c === "'" || c === '`' || c === ',' || (c === '#' && source[i + 1] === "'")) {
      let key: string = c;
      if (c === ',' && source[i + 1] === '@') key = ',@';
      if (c === '#') key = "#'";
      if (stack.length + prefixes.length + 1 > maxDepth)
        throw new BudgetError(
          'depth',
          `depth budget exceeded: limit ${maxDepth} levels of nesting, reached at ${lineColumn(source, i)}`,
        );
      prefixes.push({ symbol: prefixSymbols[key] as Value, depth: stack.length, at: i });
      i += key.length;
      continue;
    }
    if (c === '"') {
      const start = i;
      let text = '';
      i++;
      while (true) {
        const d = source[i];
        if (d === undefined) fail('end of input inside a string opened', start);
        if (d === '"') break;
        if (d === '\\') {
          const [code, next] = decodeEscape(source, i + 1, true);
          if (code !== undefined) text += String.fromCodePoint(code);
          i = next;
        } else {
          text += d;
          i++;
        }
      }
      i++;
      complete(text, start);
      continue;
    }
    if (c === '?') {
      const start = i;
      let code: number | undefined;
      if (source[i + 1] === '\\') [code, i] = decodeEscape(source, i + 2, false);
      else {
        code = source.codePointAt(i + 1);
        if (code === undefined) fail('end of input after ?', start);
        i += 1 + ((code as number) > 0xffff ? 2 : 1);
      }
      complete(code as number, start);
      continue;
    }
    if (c === '#' && source[i + 1] === '#') {
      i += 2;
      complete(intern(''), i - 2);
      continue;
    }
    if (c === '#') {
      if (source[i + 1] === 's' && source[i + 2] === '(')
        fail('#s(…) records and hash tables are not part of the dialect', i);
      fail(`'#${source[i + 1] ?? ''}' syntax is not part of the dialect`, i);
    }
    const start = i;
    let token = '';
    let escaped = false;
    while (i < source.length && !delimiters.has(source[i] as string)) {
      if (source[i] === '\\') {
        if (i + 1 >= source.length) fail('end of input after a backslash', i);
        escaped = true;
        const code = source.codePointAt(i + 1) as number;
        token += String.fromCodePoint(code);
        i += 1 + (code > 0xffff ? 2 : 1);
      } else token += source[i++];
    }
    if (!escaped && token === '.') {
      if (stack.length > 0) fail('dotted pairs are not part of the dialect; use (cons a b)', start);
      fail("unexpected '.'", start);
    }
    complete(parseAtom(token, escaped, bits), start);
  }
  if (stack.length > 0) {
    const top = stack.at(-1) as Frame;
    fail(`end of input inside a ${top.close === ')' ? 'list' : 'vector'} opened`, top.start);
  }
  if (prefixes.length > 0)
    fail('end of input after a quote or comma', (prefixes.at(-1) as { at: number }).at);
  if (forms.length === 0) throw new GuestError('the script is empty: write at least one form');
  return { forms, spans, positions };
}
