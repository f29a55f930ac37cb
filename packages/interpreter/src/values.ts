/** A guest symbol; interned symbols are unique per name within one symbol table. */
export class Sym {
  readonly name: string;
  readonly interned: boolean;
  /** A keyword's name without its colon, kept once a tool call's arguments asked for it. */
  argumentName: string | undefined;
  constructor(name: string, interned: boolean) {
    this.name = name;
    this.interned = interned;
    this.argumentName = undefined;
  }
}

/** A guest floating-point number, boxed so that `1.0` stays distinct from the integer `1`. */
export class LFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}

/** A guest cons cell. */
export class Cons {
  car: Value;
  cdr: Value;
  constructor(car: Value, cdr: Value) {
    this.car = car;
    this.cdr = cdr;
  }
}

/** A guest callable made by `lambda` or `defun`; it never leaves the machine. */
export class Closure {
  readonly name: string | undefined;
  readonly data: unknown;
  constructor(name: string | undefined, data: unknown) {
    this.name = name;
    this.data = data;
  }
}

/** A guest integer: a safe JS integer, or a bigint beyond the safe range. */
export type Integer = number | bigint;

/** Any guest value: symbols (including `nil`, `t` and keywords), numbers, strings, conses, vectors, closures. */
export type Value = Sym | Integer | LFloat | string | Cons | Value[] | Closure;

// Weakly held, so names a long-running host reads from tool results do not accumulate forever;
// a symbol stays unique for as long as anything still references it.
const table = new Map<string, WeakRef<Sym>>();
const cleanup = new FinalizationRegistry<string>((name) => {
  if (table.get(name)?.deref() === undefined) table.delete(name);
});

/** Returns the interned symbol named `name` from the private symbol table. */
export function intern(name: string): Sym {
  const existing = table.get(name)?.deref();
  if (existing !== undefined) return existing;
  const symbol = new Sym(name, true);
  table.set(name, new WeakRef(symbol));
  cleanup.register(symbol, name);
  return symbol;
}

/** The symbol `nil`: false and the empty list. */
export const NIL: Sym = intern('nil');
/** The symbol `t`: the canonical true value. */
export const T: Sym = intern('t');

/** Whether `value` is a guest symbol (including `nil`, `t` and keywords). */
export function isSymbol(value: unknown): value is Sym {
  return value instanceof Sym;
}
/** Whether `value` is a keyword symbol such as `:file_path`. */
export function isKeyword(value: unknown): boolean {
  return value instanceof Sym && value.interned && value.name.length > 1 && value.name[0] === ':';
}
/** Whether `value` is a guest integer. */
export function isInteger(value: unknown): value is Integer {
  return typeof value === 'number' || typeof value === 'bigint';
}
/** Whether `value` is a guest float. */
export function isFloat(value: unknown): value is LFloat {
  return value instanceof LFloat;
}
/** Whether `value` is a guest number (integer or float). */
export function isNumber(value: unknown): value is Integer | LFloat {
  return typeof value === 'number' || typeof value === 'bigint' || value instanceof LFloat;
}
/** Whether `value` is a guest string. */
export function isString(value: unknown): value is string {
  return typeof value === 'string';
}
/** Whether `value` is a guest cons cell. */
export function isCons(value: unknown): value is Cons {
  return value instanceof Cons;
}
/** Whether `value` is a guest list (`nil` or a cons). */
export function isList(value: unknown): value is Cons | Sym {
  return value === NIL || value instanceof Cons;
}
/** Whether `value` is a guest vector. */
export function isVector(value: unknown): value is Value[] {
  return Array.isArray(value);
}
/** Whether `value` is a guest closure. */
export function isClosure(value: unknown): value is Closure {
  return value instanceof Closure;
}

/** Builds a proper guest list from `items`, ending in `tail`. */
export function list(items: readonly Value[], tail: Value = NIL): Value {
  let result = tail;
  for (let i = items.length - 1; i >= 0; i--) result = new Cons(items[i] as Value, result);
  return result;
}

/** Converts a guest boolean to a guest value (`t` or `nil`). */
export function bool(condition: boolean): Sym {
  return condition ? T : NIL;
}
