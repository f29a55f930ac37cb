import {
  bindNone,
  bindOne,
  type Env,
  type Frame,
  guestError,
  type Machine,
  Node,
  SUSPENDED,
} from './machine.js';
import { Closure, Cons, NIL, type Value } from './values.js';

/** A node that first evaluates `args` left to right, then `finish`es with their values. */
export abstract class Collector extends Node {
  constructor(readonly args: Node[]) {
    super();
  }
  /** Finishes in machine steps once a suspension is over (every argument value known). */
  abstract finish(values: Value[], env: Env, m: Machine): void;
  /** Evaluates every argument directly into a new array; undefined when one suspended. */
  evaluateArgs(env: Env, m: Machine): Value[] | undefined {
    const args = this.args;
    const values = new Array<Value>(args.length);
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as Node;
      const value = arg.simple ? arg.ev(env, m) : evaluateArg(this, values, i, env, m);
      if (value === SUSPENDED) return undefined;
      values[i] = value;
    }
    return values;
  }
}

/**
 * Evaluates argument `at` of `node` directly. On suspension (`SUSPENDED`) the machine goes on
 * collecting from there, with the `values` before it.
 */
export function evaluateArg(
  node: Collector,
  values: Value[] | undefined,
  at: number,
  env: Env,
  m: Machine,
): Value {
  const value = (node.args[at] as Node).ev(env, m);
  if (value === SUSPENDED)
    m.captured.push(new ArgsFrame(node, values ?? new Array(node.args.length), at, env));
  return value;
}

/** Evaluates `node`'s arguments from `start` on, then finishes it. */
export function collect(
  node: Collector,
  values: Value[],
  start: number,
  env: Env,
  m: Machine,
): void {
  const args = node.args;
  for (let i = start; i < args.length; i++) {
    const arg = args[i] as Node;
    if (arg.simple) values[i] = arg.ev(env, m);
    else {
      m.stack.push(new ArgsFrame(node, values, i, env));
      m.node = arg;
      m.env = env;
      return;
    }
  }
  node.finish(values, env, m);
}

/** Evaluates the second argument of `node`, the first being `first`, directly; on suspension the machine goes on. */
export function evaluateSecond(node: Collector, first: Value, env: Env, m: Machine): Value {
  const value = (node.args[1] as Node).ev(env, m);
  if (value === SUSPENDED) {
    const values = new Array<Value>(node.args.length);
    values[0] = first;
    m.captured.push(new ArgsFrame(node, values, 1, env));
  }
  return value;
}

/** Resumes `node` with the value of argument `index`, then collects the rest. */
export class ArgsFrame implements Frame {
  constructor(
    readonly node: Collector,
    readonly values: Value[],
    readonly index: number,
    readonly env: Env,
  ) {}
  resume(m: Machine, v: Value): void {
    this.values[this.index] = v;
    collect(this.node, this.values, this.index + 1, this.env, m);
  }
}

/** Runs `body` in `env`: directly when simple, else by handing control to the machine. */
function continueWith(body: Node, env: Env, m: Machine): void {
  if (body.simple) m.val = body.ev(env, m);
  else {
    m.node = body;
    m.env = env;
  }
}

/** `let`: initializers see the surrounding environment. */
export class Let extends Collector {
  constructor(
    inits: Node[],
    readonly body: Node,
  ) {
    super(inits);
    this.simple = body.simple && inits.every((n) => n.simple);
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const args = this.args;
    let inner: Env;
    if (args.length === 1) {
      const init = args[0] as Node;
      const value = init.simple ? init.ev(env, m) : evaluateArg(this, undefined, 0, env, m);
      if (value === SUSPENDED) return value;
      inner = bindOne(env, value);
    } else {
      const values = this.evaluateArgs(env, m);
      if (values === undefined) return SUSPENDED;
      inner = bindNone(env);
      for (const value of values) inner.push(value);
    }
    return this.body.ev(inner, m);
  }
  override markTail(pending: Node[]): void {
    pending.push(this.body);
  }
  finish(values: Value[], env: Env, m: Machine): void {
    let inner: Env;
    if (values.length === 1) inner = bindOne(env, values[0] as Value);
    else {
      inner = bindNone(env);
      for (const value of values) inner.push(value);
    }
    continueWith(this.body, inner, m);
  }
}

/** `let*`: each initializer sees the bindings before it. */
export class LetStar extends Node {
  constructor(
    readonly inits: Node[],
    readonly body: Node,
  ) {
    super();
    this.simple = body.simple && inits.every((n) => n.simple);
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const inits = this.inits;
    const inner = bindNone(env);
    for (let i = 0; i < inits.length; i++) inner.push(NIL);
    for (let i = 0; i < inits.length; i++) {
      const value = (inits[i] as Node).ev(inner, m);
      if (value === SUSPENDED) {
        m.captured.push(new LetStarFrame(this, i, inner));
        return value;
      }
      inner[i + 1] = value;
    }
    return this.body.ev(inner, m);
  }
  override markTail(pending: Node[]): void {
    pending.push(this.body);
  }
  /** Goes on from initializer `start` after a suspension, in machine steps. */
  from(start: number, inner: Env, m: Machine): void {
    for (let i = start; i < this.inits.length; i++) {
      const init = this.inits[i] as Node;
      if (init.simple) inner[i + 1] = init.ev(inner, m);
      else {
        m.stack.push(new LetStarFrame(this, i, inner));
        m.node = init;
        m.env = inner;
        return;
      }
    }
    continueWith(this.body, inner, m);
  }
}

class LetStarFrame implements Frame {
  constructor(
    readonly node: LetStar,
    readonly index: number,
    readonly inner: Env,
  ) {}
  resume(m: Machine, v: Value): void {
    this.inner[this.index + 1] = v;
    this.node.from(this.index + 1, this.inner, m);
  }
}

/** The compiled shape of a lambda: parameter counts and the body. */
export type LambdaTemplate = {
  name: string | undefined;
  required: number;
  optional: number;
  rest: boolean;
  body: Node;
};

/** `lambda`: captures the current environment. */
export class Lambda extends Node {
  constructor(readonly template: LambdaTemplate) {
    super();
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    m.allocate(16, 'at a lambda');
    return new Closure(this.template.name, { template: this.template, env });
  }
}

/** Binds `args` to a closure's parameters, checking arity, and returns the new environment. */
export function bindArguments(closure: Closure, args: readonly Value[]): Env {
  const { template, env } = closure.data as ClosureData;
  const { required, optional, rest } = template;
  const count = args.length;
  if (count < required || (!rest && count > required + optional)) {
    const max = rest ? 'many' : String(required + optional);
    guestError(
      `wrong-number-of-arguments ${template.name ?? 'lambda'} (${required} . ${max}) ${count}`,
    );
  }
  const fixed = required + optional;
  if (fixed === 1 && !rest) return bindOne(env, count > 0 ? (args[0] as Value) : NIL);
  const inner = bindNone(env);
  for (let i = 0; i < fixed; i++) inner.push(i < count ? (args[i] as Value) : NIL);
  if (rest) {
    let tail: Value = NIL;
    for (let i = count - 1; i >= fixed; i--) tail = new Cons(args[i] as Value, tail);
    inner.push(tail);
  }
  return inner;
}

/** What a closure holds: its compiled lambda and the environment it captured. */
export type ClosureData = { template: LambdaTemplate; env: Env };

/** The body a closure runs. */
export function bodyOf(closure: Closure): Node {
  return (closure.data as ClosureData).template.body;
}
