import {
  bindNone,
  bindOne,
  type Env,
  type Frame,
  guestError,
  type Machine,
  Node,
} from './machine.js';
import { Closure, Cons, NIL, type Value } from './values.js';

/** A node that first evaluates `args` left to right, then `finish`es with their values. */
export abstract class Collector extends Node {
  constructor(readonly args: Node[]) {
    super();
  }
  abstract finish(values: Value[], env: Env, m: Machine): void;
  override run(env: Env, m: Machine): void {
    m.steps++;
    collect(this, new Array(this.args.length), 0, env, m);
  }
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

class ArgsFrame implements Frame {
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
    if (args.length === 1) inner = bindOne(env, (args[0] as Node).ev(env, m));
    else {
      inner = bindNone(env);
      for (const init of args) inner.push(init.ev(env, m));
    }
    return this.body.ev(inner, m);
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
    const inner = bindNone(env);
    for (let i = 0; i < this.inits.length; i++) inner.push(NIL);
    for (let i = 0; i < this.inits.length; i++) inner[i + 1] = (this.inits[i] as Node).ev(inner, m);
    return this.body.ev(inner, m);
  }
  override run(env: Env, m: Machine): void {
    m.steps++;
    const inner = bindNone(env);
    for (const _ of this.inits) inner.push(NIL);
    this.from(0, inner, m);
  }
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
export function bindArguments(closure: Closure, args: readonly Value[]): [Node, Env] {
  const { template, env } = closure.data as { template: LambdaTemplate; env: Env };
  const { required, optional, rest } = template;
  const count = args.length;
  if (count < required || (!rest && count > required + optional)) {
    const max = rest ? 'many' : String(required + optional);
    guestError(
      `wrong-number-of-arguments ${template.name ?? 'lambda'} (${required} . ${max}) ${count}`,
    );
  }
  const fixed = required + optional;
  if (fixed === 1 && !rest)
    return [template.body, bindOne(env, count > 0 ? (args[0] as Value) : NIL)];
  const inner = bindNone(env);
  for (let i = 0; i < fixed; i++) inner.push(i < count ? (args[i] as Value) : NIL);
  if (rest) {
    let tail: Value = NIL;
    for (let i = count - 1; i >= fixed; i--) tail = new Cons(args[i] as Value, tail);
    inner.push(tail);
  }
  return [template.body, inner];
}
