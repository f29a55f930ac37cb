import { type Env, type Frame, guestError, type Machine, Node } from './machine.js';
import { preview } from './printer.js';
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

function collect(node: Collector, values: Value[], start: number, env: Env, m: Machine): void {
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
    const inner: Env = [env as unknown as Value];
    for (const init of this.args) inner.push(init.ev(env, m));
    return this.body.ev(inner, m);
  }
  finish(values: Value[], env: Env, m: Machine): void {
    continueWith(this.body, [env as unknown as Value, ...values], m);
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
    const inner: Env = [env as unknown as Value];
    for (let i = 0; i < this.inits.length; i++) inner.push(NIL);
    for (let i = 0; i < this.inits.length; i++) inner[i + 1] = (this.inits[i] as Node).ev(inner, m);
    return this.body.ev(inner, m);
  }
  override run(env: Env, m: Machine): void {
    m.steps++;
    const inner: Env = [env as unknown as Value];
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

/** `while`: simple loops run many turns per machine step, complex ones one turn per frame. */
export class While extends Node {
  constructor(
    readonly test: Node,
    readonly body: Node,
  ) {
    super();
    this.simple = false;
  }
  ev(): Value {
    return NIL;
  }
  override run(env: Env, m: Machine): void {
    const { test, body } = this;
    if (test.simple && body.simple) {
      do {
        m.steps++;
        if (test.ev(env, m) === NIL) {
          m.val = NIL;
          return;
        }
        body.ev(env, m);
      } while (m.steps < m.checkAt);
      m.stack.push(new LoopAgain(this, env));
      return;
    }
    m.steps++;
    if (test.simple) {
      if (test.ev(env, m) === NIL) {
        m.val = NIL;
        return;
      }
      m.stack.push(new LoopAgain(this, env));
      m.node = body;
      m.env = env;
      return;
    }
    m.stack.push(new WhileTested(this, env));
    m.node = test;
    m.env = env;
  }
}

class LoopAgain implements Frame {
  constructor(
    readonly node: Node,
    readonly env: Env,
  ) {}
  resume(m: Machine): void {
    m.node = this.node;
    m.env = this.env;
  }
}

class WhileTested implements Frame {
  constructor(
    readonly node: While,
    readonly env: Env,
  ) {}
  resume(m: Machine, v: Value): void {
    if (v === NIL) {
      m.val = NIL;
      return;
    }
    m.stack.push(new LoopAgain(this.node, this.env));
    m.node = this.node.body;
    m.env = this.env;
  }
}

/** `dolist` (items from a list) and `dotimes` (a count), binding a fresh variable per turn. */
export class Iterate extends Collector {
  constructor(
    readonly times: boolean,
    source: Node,
    readonly body: Node,
  ) {
    super([source]);
    this.simple = false;
  }
  ev(): Value {
    return NIL;
  }
  finish(values: Value[], env: Env, m: Machine): void {
    const source = values[0] as Value;
    if (this.times) {
      if (typeof source !== 'number')
        guestError(`wrong-type-argument fixnump ${preview(source, 200)}`);
      this.turn(0, source as number, env, m);
    } else this.turn(source, 0, env, m);
  }
  turn(cursor: Value, end: number, env: Env, m: Machine): void {
    const body = this.body;
    let at = cursor;
    while (true) {
      let item: Value;
      if (this.times) {
        if ((at as number) >= end) break;
        item = at;
      } else {
        if (!(at instanceof Cons)) break;
        item = at.car;
      }
      const next: Value = this.times ? (at as number) + 1 : (at as Cons).cdr;
      m.steps++;
      if (!body.simple) {
        m.stack.push(new IterateFrame(this, next, end, env));
        m.node = body;
        m.env = [env as unknown as Value, item];
        return;
      }
      body.ev([env as unknown as Value, item], m);
      at = next;
      if (m.steps >= m.checkAt) {
        m.stack.push(new IterateFrame(this, at, end, env));
        m.val = NIL;
        return;
      }
    }
    if (!this.times && at !== NIL) guestError(`wrong-type-argument listp ${preview(at, 200)}`);
    m.val = NIL;
  }
}

class IterateFrame implements Frame {
  constructor(
    readonly node: Iterate,
    readonly cursor: Value,
    readonly end: number,
    readonly env: Env,
  ) {}
  resume(m: Machine): void {
    this.node.turn(this.cursor, this.end, this.env, m);
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
  const inner: Env = [env as unknown as Value];
  const fixed = required + optional;
  for (let i = 0; i < fixed; i++) inner.push(i < count ? (args[i] as Value) : NIL);
  if (rest) {
    let tail: Value = NIL;
    for (let i = count - 1; i >= fixed; i--) tail = new Cons(args[i] as Value, tail);
    inner.push(tail);
  }
  return [template.body, inner];
}
