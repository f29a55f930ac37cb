import { CountingLoop } from './counting-loop.js';
import {
  bindOne,
  type Env,
  type Frame,
  guestError,
  handOver,
  type Machine,
  Node,
  SUSPENDED,
} from './machine.js';
import { Collector, evaluateArg } from './nodes-bind.js';
import { Seq, SetVar } from './nodes-core.js';
import { FixnumCall } from './nodes-fixnum.js';
import { preview } from './printer.js';
import { Cons, NIL, type Value } from './values.js';

// Every loop runs its turns in chunks, each chunk a call of its own that returns when the
// step count reaches the next checkpoint: V8 optimizes such a small, often-called function
// better than one long loop entered once, and the budgets are checked between chunks.

/** `while`: one step per turn; the budgets are checked (and the slice may end) between chunks. */
export class While extends Node {
  constructor(
    readonly test: Node,
    readonly body: Node,
  ) {
    super();
    this.simple = false;
    // A simple body of several forms runs form by form here, one call fewer per turn.
    this.forms = body instanceof Seq && body.simple ? body.items : [body];
    this.counting =
      isArithmetic(test) &&
      this.forms.every((form) => form instanceof SetVar && isArithmetic(form.value))
        ? new CountingLoop(test as FixnumCall, this.forms as SetVar[])
        : undefined;
  }
  /** The body's forms. */
  private readonly forms: Node[];
  /**
   * The loop when it only counts: a fixnum test and fixnum `setq`s, every operand a variable
   * or a constant. Such a loop runs in one small function with no call V8 cannot inline.
   */
  private readonly counting: CountingLoop | undefined;
  ev(env: Env, m: Machine): Value {
    const simple = this.test.simple && this.body.simple;
    while (true) {
      if (m.steps >= m.checkAt && m.yieldDue()) return handOver(this, env, m);
      if (simple) {
        if (this.simpleTurns(env, m)) return NIL;
      } else {
        const ended = this.turns(env, m);
        if (ended !== undefined) return ended;
      }
    }
  }
  /** Runs turns of a loop whose test and body are simple; true once the test fails. */
  private simpleTurns(env: Env, m: Machine): boolean {
    const { test, forms } = this;
    // A fixnum test is called at a call site of its own (see `Node.fixnum`).
    const fixnum = test.fixnum;
    if (this.counting !== undefined) return this.counting.turns(env, m);
    do {
      m.steps++;
      if ((fixnum ? this.fixnumTest(env, m) : test.ev(env, m)) === NIL) return true;
      for (let i = 0; i < forms.length; i++) (forms[i] as Node).ev(env, m);
    } while (m.steps < m.checkAt);
    return false;
  }
  private fixnumTest(env: Env, m: Machine): Value {
    return this.test.ev(env, m);
  }
  /** Runs turns of any loop: NIL once the test fails, `SUSPENDED`, or undefined to go on. */
  private turns(env: Env, m: Machine): Value | undefined {
    const { test, body } = this;
    do {
      m.steps++;
      const go = test.ev(env, m);
      if (go === SUSPENDED) {
        m.captured.push(new WhileTested(this, env));
        return go;
      }
      if (go === NIL) return NIL;
      if (body.ev(env, m) === SUSPENDED) {
        m.captured.push(new LoopAgain(this, env));
        return SUSPENDED;
      }
    } while (m.steps < m.checkAt);
    return undefined;
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
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const source = this.args[0] as Node;
    const value = source.simple ? source.ev(env, m) : evaluateArg(this, undefined, 0, env, m);
    return value === SUSPENDED ? value : this.start(value, env, m);
  }
  finish(values: Value[], env: Env, m: Machine): void {
    m.val = this.start(values[0] as Value, env, m);
  }
  private start(source: Value, env: Env, m: Machine): Value {
    if (!this.times) return this.turns(source, 0, env, m);
    if (typeof source !== 'number')
      guestError(`wrong-type-argument fixnump ${preview(source, 200)}`);
    return this.turns(0, source as number, env, m);
  }
  /**
   * Runs turns from `cursor` (a count, or the rest of the list) to the end. `frame` is the
   * loop's frame when it resumes from one: a suspension moves it on rather than making another.
   */
  turns(cursor: Value, end: number, env: Env, m: Machine, frame?: IterateFrame): Value {
    this.resumed = frame;
    const simple = this.body.simple;
    let at = cursor;
    while (this.times ? (at as number) < end : at instanceof Cons) {
      if (m.steps >= m.checkAt && m.yieldDue()) {
        m.captured.push(this.frameAt(at, end, env));
        m.node = null;
        return SUSPENDED;
      }
      if (this.times)
        at = simple
          ? this.count(at as number, end, env, m)
          : this.countAny(at as number, end, env, m);
      else at = simple ? this.walk(at as Cons, env, m) : this.walkAny(at as Cons, env, m);
      if (at === SUSPENDED) return at;
    }
    if (!this.times && at !== NIL) guestError(`wrong-type-argument listp ${preview(at, 200)}`);
    return NIL;
  }
  /** The frame the loop last resumed from, off the stack and held by nothing else. */
  private resumed: IterateFrame | undefined = undefined;
  /** The frame that goes on from `cursor`: the one resumed from, moved on, or a new one. */
  private frameAt(cursor: Value, end: number, env: Env): IterateFrame {
    const frame = this.resumed;
    this.resumed = undefined;
    if (frame === undefined || frame.env !== env) return new IterateFrame(this, cursor, end, env);
    frame.cursor = cursor;
    return frame;
  }
  /** `dotimes` turns with a simple body, up to the next checkpoint; returns the next count. */
  private count(from: number, end: number, env: Env, m: Machine): number {
    const body = this.body;
    let i = from;
    do {
      m.steps++;
      body.ev(bindOne(env, i), m);
      i++;
    } while (i < end && m.steps < m.checkAt);
    return i;
  }
  /** `dolist` turns with a simple body, up to the next checkpoint; returns the rest of the list. */
  private walk(from: Cons, env: Env, m: Machine): Value {
    const body = this.body;
    let tail: Value = from;
    do {
      m.steps++;
      body.ev(bindOne(env, (tail as Cons).car), m);
      tail = (tail as Cons).cdr;
    } while (tail instanceof Cons && m.steps < m.checkAt);
    return tail;
  }
  /** `count` for any body; `SUSPENDED` when a turn suspended (the loop goes on from the next). */
  private countAny(from: number, end: number, env: Env, m: Machine): Value {
    let i = from;
    do {
      m.steps++;
      if (this.body.ev(bindOne(env, i), m) === SUSPENDED) {
        m.captured.push(this.frameAt(i + 1, end, env));
        return SUSPENDED;
      }
      i++;
    } while (i < end && m.steps < m.checkAt);
    return i;
  }
  /** `walk` for any body; `SUSPENDED` when a turn suspended (the loop goes on from the next). */
  private walkAny(from: Cons, env: Env, m: Machine): Value {
    let tail: Value = from;
    do {
      m.steps++;
      const next: Value = (tail as Cons).cdr;
      if (this.body.ev(bindOne(env, (tail as Cons).car), m) === SUSPENDED) {
        m.captured.push(this.frameAt(next, 0, env));
        return SUSPENDED;
      }
      tail = next;
    } while (tail instanceof Cons && m.steps < m.checkAt);
    return tail;
  }
}

/** Whether `node` is a fixnum call of variables and constants. */
function isArithmetic(node: Node): boolean {
  return node instanceof FixnumCall && node.inPlace;
}

class IterateFrame implements Frame {
  constructor(
    readonly node: Iterate,
    public cursor: Value,
    readonly end: number,
    readonly env: Env,
  ) {}
  resume(m: Machine): void {
    m.val = this.node.turns(this.cursor, this.end, this.env, m, this);
  }
}
