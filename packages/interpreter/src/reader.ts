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
  return new Reader(source, maxNodes, maxDepth, bits).readAll();
}

type Prefix = { symbol: Value; depth: number; at: number };

/**
 * The reader's state over one source. Each kind of datum is read by a method of its own, so
 * that a first evaluation compiles only the reading its script needs.
 */
class Reader {
  readonly forms: Value[] = [];
  readonly spans: Array<{ start: number; end: number }> = [];
  readonly positions = new WeakMap<object, number>();
  readonly stack: Frame[] = [];
  readonly prefixes: Prefix[] = [];
  nodes = 0;
  i = 0;
  formStart = 0;
  constructor(
    readonly source: string,
    readonly maxNodes: number,
    readonly maxDepth: number,
    readonly bits: number,
  ) {}

  readAll(): ReadForms {
    const source = this.source;
    while (true) {
      const c = source[this.i];
      if (c === undefined) break;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
        this.i++;
        continue;
      }
      if (c === ';') {
        this.comment();
        continue;
      }
      if (this.stack.length === 0 && this.prefixes.length === 0) this.formStart = this.i;
      if (c === '(' || c === '[') this.open(c);
      else if (c === ')' || c === ']') this.close(c);
      else if (c === "'" || c === '`' || c === ',' || (c === '#' && source[this.i + 1] === "'"))
        this.prefix(c);
      else if (c === '"') this.string();
      else if (c === '?') this.character();
      else if (c === '#') this.hash();
      else this.atom();
    }
    return this.end();
  }

  private fail(message: string, at: number): never {
    throw new GuestError(`${message} at ${lineColumn(this.source, at)}`);
  }

  private complete(datum: Value, at: number): void {
    if (++this.nodes > this.maxNodes)
      throw new BudgetError(
        'syntax-nodes',
        `syntax-nodes budget exceeded: limit ${this.maxNodes} nodes, reached at ${lineColumn(this.source, at)}`,
      );
    const { prefixes, stack } = this;
    let value = datum;
    while (prefixes.length > 0 && (prefixes.at(-1) as Prefix).depth === stack.length) {
      const prefix = prefixes.pop() as Prefix;
      value = list([prefix.symbol, value]);
      this.positions.set(value as Cons, at);
    }
    const top = stack.at(-1);
    if (top === undefined) {
      this.forms.push(value);
      this.spans.push({ start: this.formStart, end: this.i });
    } else top.items.push(value);
  }

  private comment(): void {
    const source = this.source;
    while (this.i < source.length && source[this.i] !== '\n') this.i++;
  }

  private checkDepth(): void {
    if (this.stack.length + this.prefixes.length + 1 > this.maxDepth)
      throw new BudgetError(
        'depth',
        `depth budget exceeded: limit ${this.maxDepth} levels of nesting, reached at ${lineColumn(this.source, this.i)}`,
      );
  }

  private open(c: string): void {
    this.checkDepth();
    this.stack.push({ close: c === '(' ? ')' : ']', items: [], start: this.i });
    this.i++;
  }

  private close(c: string): void {
    const top = this.stack.pop();
    if (top === undefined) this.fail(`unexpected '${c}'`, this.i);
    const frame = top as Frame;
    if (frame.close !== c)
      this.fail(
        `'${c}' closes '${frame.close === ')' ? '(' : '['}' opened at ${lineColumn(this.source, frame.start)}`,
        this.i,
      );
    const prefixes = this.prefixes;
    if (prefixes.length > 0 && (prefixes.at(-1) as Prefix).depth > this.stack.length)
      this.fail('quote or comma followed by nothing', this.i);
    this.i++;
    const value = c === ')' ? list(frame.items) : frame.items;
    if (value !== NIL) this.positions.set(value as object, frame.start);
    this.complete(value, frame.start);
  }

  private prefix(c: string): void {
    const source = this.source;
    let key: string = c;
    if (c === ',' && source[this.i + 1] === '@') key = ',@';
    if (c === '#') key = "#'";
    this.checkDepth();
    this.prefixes.push({
      symbol: prefixSymbols[key] as Value,
      depth: this.stack.length,
      at: this.i,
    });
    this.i += key.length;
  }

  private string(): void {
    const source = this.source;
    const start = this.i;
    let text = '';
    let i = this.i + 1;
    while (true) {
      const d = source[i];
      if (d === undefined) this.fail('end of input inside a string opened', start);
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
    this.i = i + 1;
    this.complete(text, start);
  }

  private character(): void {
    const source = this.source;
    const start = this.i;
    let code: number | undefined;
    if (source[start + 1] === '\\') [code, this.i] = decodeEscape(source, start + 2, false);
    else {
      code = source.codePointAt(start + 1);
      if (code === undefined) this.fail('end of input after ?', start);
      this.i = start + 1 + ((code as number) > 0xffff ? 2 : 1);
    }
    this.complete(code as number, start);
  }

  private hash(): void {
    const source = this.source;
    const i = this.i;
    if (source[i + 1] === '#') {
      this.i += 2;
      this.complete(intern(''), i);
      return;
    }
    if (source[i + 1] === 's' && source[i + 2] === '(')
      this.fail('#s(…) records and hash tables are not part of the dialect', i);
    this.fail(`'#${source[i + 1] ?? ''}' syntax is not part of the dialect`, i);
  }

  private atom(): void {
    const source = this.source;
    const start = this.i;
    let i = start;
    let token = '';
    let escaped = false;
    while (i < source.length && !delimiters.has(source[i] as string)) {
      if (source[i] === '\\') {
        if (i + 1 >= source.length) this.fail('end of input after a backslash', i);
        escaped = true;
        const code = source.codePointAt(i + 1) as number;
        token += String.fromCodePoint(code);
        i += 1 + (code > 0xffff ? 2 : 1);
      } else token += source[i++];
    }
    this.i = i;
    if (!escaped && token === '.') {
      if (this.stack.length > 0)
        this.fail('dotted pairs are not part of the dialect; use (cons a b)', start);
      this.fail("unexpected '.'", start);
    }
    this.complete(parseAtom(token, escaped, this.bits), start);
  }

  private end(): ReadForms {
    const { stack, prefixes } = this;
    if (stack.length > 0) {
      const top = stack.at(-1) as Frame;
      this.fail(`end of input inside a ${top.close === ')' ? 'list' : 'vector'} opened`, top.start);
    }
    if (prefixes.length > 0)
      this.fail('end of input after a quote or comma', (prefixes.at(-1) as Prefix).at);
    if (this.forms.length === 0)
      throw new GuestError('the script is empty: write at least one form');
    return { forms: this.forms, spans: this.spans, positions: this.positions };
  }
}
