import {
  bindMany,
  bindOne,
  type Env,
  guestError,
  type Machine,
  type Node,
  SUSPENDED,
  TAIL,
} from './machine.js';
import {
  ArgsFrame,
  bindArguments,
  bodyOf,
  type ClosureData,
  Collector,
  evaluateArg,
  evaluateSecond,
} from './nodes-bind.js';
import { preview } from './printer.js';
import { Closure, Cons, NIL, Sym, type Value } from './values.js';

/** A pure primitive: arity bounds and the host function. */
export type Primitive = {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly fn: (args: Value[], m: Machine) => Value;
  /** `fn` of a primitive of exactly one argument, taking it directly (see `define1`). */
  readonly fast1: ((a: Value, m: Machine) => Value) | undefined;
  /** `fn` of a primitive of exactly two arguments, taking them directly (see `define2`). */
  readonly fast2: ((a: Value, b: Value, m: Machine) => Value) | undefined;
};

/** Primitives scan their string arguments: a long one costs extra steps (one per 64 characters). */
export function chargeString(arg: Value, m: Machine): void {
  if (typeof arg === 'string' && arg.length > 256) m.steps += arg.length >>> 6;
}

/** Checks a primitive's arity and applies it. */
export function applyPrimitive(primitive: Primitive, args: Value[], m: Machine): Value {
  const count = args.length;
  if (count < primitive.min || count > primitive.max) {
    const max = primitive.max === Number.POSITIVE_INFINITY ? 'many' : String(primitive.max);
    guestError(`wrong-number-of-arguments ${primitive.name} (${primitive.min} . ${max}) ${count}`);
  }
  for (let i = 0; i < count; i++) chargeString(args[i] as Value, m);
  return primitive.fn(args, m);
}

/** A call of a pure primitive. */
export class PrimitiveCall extends Collector {
  constructor(
    readonly primitive: Primitive,
    args: Node[],
  ) {
    super(args);
    this.simple = args.every((n) => n.simple);
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const args = this.args;
    const count = args.length;
    // A one- or two-argument primitive called with that many takes them directly: no
    // argument array, no arity check (the count is right), the same steps charged.
    if (count === 2) {
      const fast2 = this.primitive.fast2;
      if (fast2 !== undefined) {
        const first = args[0] as Node;
        const a = first.simple ? first.ev(env, m) : evaluateArg(this, undefined, 0, env, m);
        if (a === SUSPENDED) return a;
        const second = args[1] as Node;
        const b = second.simple ? second.ev(env, m) : evaluateSecond(this, a, env, m);
        if (b === SUSPENDED) return b;
        chargeString(a, m);
        chargeString(b, m);
        return fast2(a, b, m);
      }
    } else if (count === 1) {
      const fast1 = this.primitive.fast1;
      if (fast1 !== undefined) {
        const first = args[0] as Node;
        const a = first.simple ? first.ev(env, m) : evaluateArg(this, undefined, 0, env, m);
        if (a === SUSPENDED) return a;
        chargeString(a, m);
        return fast1(a, m);
      }
    }
    const values = this.evaluateArgs(env, m);
    return values === undefined ? SUSPENDED : applyPrimitive(this.primitive, values, m);
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    m.val = applyPrimitive(this.primitive, values, m);
  }
}

/** A cell holding a top-level definition, filled once every definition is compiled. */
export type FunctionCell = { name: Sym; closure: Closure | undefined };

/** A call of a top-level `defun`. */
export class DefunCall extends Collector {
  /** Nesting of the call's form in its body (see `hostSpan`). */
  cost = 1;
  /**
   * The definition's body and environment, and how its arguments bind: 1 for exactly one
   * argument into exactly one parameter, 2 for as many arguments as parameters, 3 for any
   * other lambda list. Read from the cell at the first call: the cell is filled once every
   * definition is compiled, and never changes after.
   */
  private body: Node | undefined = undefined;
  private captured: Env = [];
  private binding = 0;
  constructor(
    readonly cell: FunctionCell,
    args: Node[],
  ) {
    super(args);
    this.simple = false;
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    if (this.body === undefined) this.resolve();
    let inner: Env;
    if (this.binding === 1) {
      // One argument, as many as the function takes: straight into its environment.
      const first = this.args[0] as Node;
      const value =
        first.fixnum && first.simple
          ? this.fixnumArgument(env, m)
          : first.simple
            ? first.ev(env, m)
            : evaluateArg(this, undefined, 0, env, m);
      if (value === SUSPENDED) return value;
      inner = bindOne(this.captured, value);
    } else {
      const bound = this.binding === 2 ? this.bindExactly(env, m) : this.bindAny(env, m);
      if (bound === undefined) return SUSPENDED;
      inner = bound;
    }
    const body = this.body as Node;
    if (this.tail) {
      m.tailBody = body;
      m.tailEnv = inner;
      return TAIL;
    }
    return m.call(body, inner, this.cost);
  }
  private resolve(): void {
    const { template, env } = (this.cell.closure as Closure).data as ClosureData;
    const count = this.args.length;
    const exact = template.required === count && template.optional === 0 && !template.rest;
    this.binding = exact ? (count === 1 ? 1 : 2) : 3;
    this.captured = env;
    this.body = template.body;
  }
  /**
   * The arguments evaluated straight into the environment of a definition that takes as
   * many; undefined when one suspended.
   */
  private bindExactly(env: Env, m: Machine): Env | undefined {
    const args = this.args;
    const count = args.length;
    const inner = bindMany(this.captured, count);
    for (let i = 0; i < count; i++) {
      const value = (args[i] as Node).ev(env, m);
      if (value === SUSPENDED) {
        m.captured.push(new ArgsFrame(this, inner.slice(1) as Value[], i, env));
        return undefined;
      }
      inner[i + 1] = value;
    }
    return inner;
  }
  /** The environment of a call of any lambda list; undefined when an argument suspended. */
  private bindAny(env: Env, m: Machine): Env | undefined {
    const values = this.evaluateArgs(env, m);
    return values === undefined ? undefined : bindArguments(this.cell.closure as Closure, values);
  }
  /** The one argument when it is a fixnum call, at a call site of its own (see `Node.fixnum`). */
  private fixnumArgument(env: Env, m: Machine): Value {
    return (this.args[0] as Node).ev(env, m);
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    const closure = this.cell.closure as Closure;
    m.enter(bodyOf(closure), bindArguments(closure, values));
  }
}

/** Calls any guest callable in machine steps: a closure, or a symbol naming a definition, primitive or tool. */
export function invoke(m: Machine, callee: Value, args: Value[]): void {
  if (callee instanceof Closure) {
    m.enter(bodyOf(callee), bindArguments(callee, args));
    return;
  }
  if (callee instanceof Sym) {
    m.runtime.callNamed(m, callee, args);
    return;
  }
  guestError(`invalid-function ${preview(callee, 200)}`);
}

/**
 * Calls any guest callable directly, from a form nested `cost` deep; in tail position a
 * guest function is left to the caller's loop (`TAIL`).
 */
export function invokeDirect(
  m: Machine,
  callee: Value,
  args: Value[],
  tail: boolean,
  cost: number,
): Value {
  if (callee instanceof Closure) {
    const inner = bindArguments(callee, args);
    const body = bodyOf(callee);
    if (!tail) return m.call(body, inner, cost);
    m.tailBody = body;
    m.tailEnv = inner;
    return TAIL;
  }
  if (callee instanceof Sym) return m.runtime.callNamedDirect(m, callee, args, tail, cost);
  return guestError(`invalid-function ${preview(callee, 200)}`);
}

/** Returns the elements of a guest sequence (list, vector or string). */
export function sequenceItems(value: Value): Value[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return Array.from(value, (c) => c.codePointAt(0) as number);
  // Counted first, then filled by index: `push` here ran V8's generic builtin per element.
  let length = 0;
  let tail: Value = value;
  while (tail instanceof Cons) {
    length++;
    tail = tail.cdr;
  }
  if (tail !== NIL) guestError(`wrong-type-argument sequencep ${preview(value, 200)}`);
  const items = new Array<Value>(length);
  tail = value;
  for (let at = 0; at < length; at++) {
    items[at] = (tail as Cons).car;
    tail = (tail as Cons).cdr;
  }
  return items;
}
