import { bindOne, type Env, type Frame, guestError, type Machine, Node } from './machine.js';
import { Collector } from './nodes-bind.js';
import { preview } from './printer.js';
import { Cons, NIL, type Value } from './values.js';

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
      this.turn(0, source as number, env, m, undefined);
    } else this.turn(source, 0, env, m, undefined);
  }
  /** Runs turns from `cursor`; `frame` is the loop's frame just resumed, pushed again for the next turn. */
  turn(cursor: Value, end: number, env: Env, m: Machine, frame: IterateFrame | undefined): void {
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
        m.stack.push(again(frame, this, next, end, env));
        m.node = body;
        m.env = bindOne(env, item);
        return;
      }
      body.ev(bindOne(env, item), m);
      at = next;
      if (m.steps >= m.checkAt) {
        m.stack.push(again(frame, this, at, end, env));
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
    public cursor: Value,
    readonly end: number,
    readonly env: Env,
  ) {}
  resume(m: Machine): void {
    this.node.turn(this.cursor, this.end, this.env, m, this);
  }
}

/**
 * The frame for the loop's next turn. A resumed frame is off the stack and nothing else
 * holds it, so the loop moves it on rather than making a new one per turn.
 */
function again(
  frame: IterateFrame | undefined,
  node: Iterate,
  cursor: Value,
  end: number,
  env: Env,
): IterateFrame {
  if (frame === undefined) return new IterateFrame(node, cursor, end, env);
  frame.cursor = cursor;
  return frame;
}
