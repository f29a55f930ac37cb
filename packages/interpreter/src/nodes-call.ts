import { type Env, type Frame, guestError, type Machine, type Node } from './machine.js';
import { bindArguments, Collector, collect } from './nodes-bind.js';
import { preview } from './printer.js';
import { Closure, Cons, list, NIL, Sym, type Value } from './values.js';

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
function chargeString(arg: Value, m: Machine): void {
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
        const a = (args[0] as Node).ev(env, m);
        const b = (args[1] as Node).ev(env, m);
        chargeString(a, m);
        chargeString(b, m);
        return fast2(a, b, m);
      }
    } else if (count === 1) {
      const fast1 = this.primitive.fast1;
      if (fast1 !== undefined) {
        const a = (args[0] as Node).ev(env, m);
        chargeString(a, m);
        return fast1(a, m);
      }
    }
    const values = new Array<Value>(count);
    for (let i = 0; i < count; i++) values[i] = (args[i] as Node).ev(env, m);
    return applyPrimitive(this.primitive, values, m);
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    m.val = applyPrimitive(this.primitive, values, m);
  }
}

/** A cell holding a top-level definition, filled once every definition is compiled. */
export type FunctionCell = { name: Sym; closure: Closure | undefined };

/** A call of a top-level `defun`. */
export class DefunCall extends Collector {
  constructor(
    readonly cell: FunctionCell,
    args: Node[],
  ) {
    super(args);
    this.simple = false;
  }
  ev(): Value {
    return NIL;
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    const [body, inner] = bindArguments(this.cell.closure as Closure, values);
    m.enter(body, inner);
  }
}

/** Calls any guest callable: a closure, or a symbol naming a definition, primitive or tool. */
export function invoke(m: Machine, callee: Value, args: Value[]): void {
  if (callee instanceof Closure) {
    const [body, inner] = bindArguments(callee, args);
    m.enter(body, inner);
    return;
  }
  if (callee instanceof Sym) {
    m.runtime.callNamed(m, callee, args);
    return;
  }
  guestError(`invalid-function ${preview(callee, 200)}`);
}

/**
 * A call whose first argument is the function: once its value is known, and before any
 * later argument runs, it is checked against the closed roster (`(funcall f (Tool …))`
 * never runs the tool for an `f` no call could run).
 */
abstract class CalleeFirst extends Collector {
  /** Whether a callee `funcall` or `apply` passes the call on to the next argument. */
  abstract readonly chains: boolean;
  override run(env: Env, m: Machine): void {
    m.steps++;
    calleeFrom(this, new Array<Value>(this.args.length), 0, env, m);
  }
}

/**
 * Evaluates and checks the callee at `index`; when it is `funcall` or `apply` itself, the
 * argument after it is the function actually called, and is checked the same way.
 */
function calleeFrom(node: CalleeFirst, values: Value[], index: number, env: Env, m: Machine): void {
  const args = node.args;
  let at = index;
  while (true) {
    const callee = args[at] as Node;
    if (!callee.simple) {
      m.stack.push(new CalleeFrame(node, values, at, env));
      m.node = callee;
      m.env = env;
      return;
    }
    const value = callee.ev(env, m);
    m.runtime.checkCallable(value);
    values[at] = value;
    if (!node.chains || !appliesFurther(value) || at + 1 >= args.length) break;
    at++;
  }
  collect(node, values, at + 1, env, m);
}

function appliesFurther(callee: Value): boolean {
  return callee instanceof Sym && (callee.name === 'funcall' || callee.name === 'apply');
}

class CalleeFrame implements Frame {
  constructor(
    readonly node: CalleeFirst,
    readonly values: Value[],
    readonly index: number,
    readonly env: Env,
  ) {}
  resume(m: Machine, v: Value): void {
    m.runtime.checkCallable(v);
    this.values[this.index] = v;
    if (this.node.chains && appliesFurther(v) && this.index + 1 < this.node.args.length)
      calleeFrom(this.node, this.values, this.index + 1, this.env, m);
    else collect(this.node, this.values, this.index + 1, this.env, m);
  }
}

/** `funcall` (spread false) or `apply` (spread true: the last argument is a list of further arguments). */
export class Funcall extends CalleeFirst {
  readonly chains = true;
  constructor(
    readonly spread: boolean,
    args: Node[],
  ) {
    super(args);
    this.simple = false;
  }
  ev(): Value {
    return NIL;
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    const callee = values[0] as Value;
    const args = values.slice(1);
    if (this.spread && args.length > 0) {
      let tail = args.pop() as Value;
      while (tail instanceof Cons) {
        args.push(tail.car);
        tail = tail.cdr;
      }
      if (tail !== NIL) guestError(`wrong-type-argument listp ${preview(tail, 200)}`);
    }
    invoke(m, callee, args);
  }
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

/** `mapcar`: calls the function on each element and lists the results in order. */
export class Mapcar extends CalleeFirst {
  readonly chains = false;
  constructor(args: Node[]) {
    super(args);
    this.simple = false;
  }
  ev(): Value {
    return NIL;
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    const items = sequenceItems(values[1] as Value);
    if (items.length === 0) {
      m.val = NIL;
      return;
    }
    const frame = new MapcarFrame(values[0] as Value, items);
    m.stack.push(frame);
    invoke(m, frame.callee, [items[0] as Value]);
  }
}

class MapcarFrame implements Frame {
  index = 0;
  readonly results: Value[] = [];
  constructor(
    readonly callee: Value,
    readonly items: Value[],
  ) {}
  resume(m: Machine, v: Value): void {
    this.results.push(v);
    this.index++;
    if (this.index >= this.items.length) {
      m.allocate(this.results.length * 8, 'at a mapcar result');
      m.val = list(this.results);
      return;
    }
    m.steps++;
    m.stack.push(this);
    invoke(m, this.callee, [this.items[this.index] as Value]);
  }
}
