import { type Env, type Frame, guestError, type Machine, Node, SUSPENDED } from './machine.js';
import { NIL, type Sym, T, type Value } from './values.js';

/** A literal or quoted datum. */
export class Const extends Node {
  constructor(readonly value: Value) {
    super();
  }
  ev(): Value {
    return this.value;
  }
}

/** A variable in the innermost environment. */
export class Ref0 extends Node {
  constructor(readonly index: number) {
    super();
  }
  ev(env: Env): Value {
    return env[this.index] as Value;
  }
}

/** A variable `depth` environments out. */
export class RefN extends Node {
  constructor(
    readonly depth: number,
    readonly index: number,
  ) {
    super();
  }
  ev(env: Env): Value {
    let e = env;
    for (let d = this.depth; d > 0; d--) e = e[0] as unknown as Env;
    return e[this.index] as Value;
  }
}

/** `[depth, slot]` of a variable reference, or `[-1, 0]` for any other node. */
export function variableAt(node: Node): [number, number] {
  if (node instanceof Ref0) return [0, node.index];
  if (node instanceof RefN) return [node.depth, node.index];
  return [-1, 0];
}

/** The variable in slot `slot` of the environment `depth` levels out. */
export function lookUp(env: Env, depth: number, slot: number): Value {
  let e = env;
  for (let d = depth; d > 0; d--) e = e[0] as unknown as Env;
  return e[slot] as Value;
}

const literalHints: Record<string, string> = {
  true: '; JSON true is written t (or :true where a schema says boolean)',
  false: '; JSON false is written :json-false (or nil where a schema says boolean)',
  null: '; JSON null is written :null',
};

/** A reference to a name no binding covers; it fails when evaluated. */
export class UnboundRef extends Node {
  constructor(
    readonly name: Sym,
    readonly message?: string,
  ) {
    super();
  }
  ev(): Value {
    return guestError(
      this.message ?? `void-variable ${this.name.name}${literalHints[this.name.name] ?? ''}`,
    );
  }
}

/** `setq` of one lexical binding. */
export class SetVar extends Node {
  constructor(
    readonly depth: number,
    readonly index: number,
    readonly value: Node,
  ) {
    super();
    this.simple = value.simple;
    this.lane = value.fixnum && value.simple ? value : undefined;
  }
  /** The value when it is a simple fixnum call (see `Node.fixnum`). */
  readonly lane: Node | undefined;
  /** Stores `v` in the variable. */
  store(env: Env, v: Value): void {
    if (this.depth === 0) env[this.index] = v;
    else this.assign(env, v);
  }
  assign(env: Env, v: Value): Value {
    let e = env;
    for (let d = this.depth; d > 0; d--) e = e[0] as unknown as Env;
    e[this.index] = v;
    return v;
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const value = this.value;
    const lane = this.lane;
    let v: Value;
    if (lane !== undefined) v = lane.ev(env, m);
    else if (value.simple) v = value.ev(env, m);
    else {
      v = value.ev(env, m);
      if (v === SUSPENDED) {
        m.captured.push(new SetFrame(this, env));
        return v;
      }
    }
    if (this.depth === 0) {
      env[this.index] = v;
      return v;
    }
    return this.assign(env, v);
  }
}

class SetFrame implements Frame {
  constructor(
    readonly node: SetVar,
    readonly env: Env,
  ) {}
  resume(m: Machine, v: Value): void {
    m.val = this.node.assign(this.env, v);
  }
}

/** `if`: the branches run in tail position. */
export class If extends Node {
  constructor(
    readonly test: Node,
    readonly then: Node,
    readonly otherwise: Node,
  ) {
    super();
    this.simple = test.simple && then.simple && otherwise.simple;
    this.lane = test.fixnum && test.simple ? test : undefined;
    this.thenKind = branchKind(then);
    this.otherwiseKind = branchKind(otherwise);
  }
  /** The test when it is a simple fixnum call (see `Node.fixnum`). */
  readonly lane: Node | undefined;
  /** How each branch is taken (see `branchKind`). */
  readonly thenKind: number;
  readonly otherwiseKind: number;
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const node = this.test;
    const lane = this.lane;
    let test: Value;
    if (lane !== undefined) test = lane.ev(env, m);
    else {
      test = node.ev(env, m);
      if (test === SUSPENDED) {
        m.captured.push(new IfFrame(this, env));
        return test;
      }
    }
    return test !== NIL
      ? branch(this.then, this.thenKind, env, m)
      : branch(this.otherwise, this.otherwiseKind, env, m);
  }
  override markTail(pending: Node[]): void {
    pending.push(this.then, this.otherwise);
  }
}

const ANY_BRANCH = 0;
const SLOT_BRANCH = 1;
const CONSTANT_BRANCH = 2;
const FIXNUM_BRANCH = 3;

/**
 * How a branch is taken: a variable of the innermost environment or a constant read in place,
 * a simple fixnum call at a call site of its own (see `Node.fixnum`), or any node.
 */
function branchKind(node: Node): number {
  if (node instanceof Ref0) return SLOT_BRANCH;
  if (node instanceof Const) return CONSTANT_BRANCH;
  return node.fixnum && node.simple ? FIXNUM_BRANCH : ANY_BRANCH;
}

function branch(node: Node, kind: number, env: Env, m: Machine): Value {
  if (kind === SLOT_BRANCH) return env[(node as Ref0).index] as Value;
  if (kind === CONSTANT_BRANCH) return (node as Const).value;
  return kind === FIXNUM_BRANCH ? fixnumBranch(node, env, m) : node.ev(env, m);
}

function fixnumBranch(node: Node, env: Env, m: Machine): Value {
  return node.ev(env, m);
}

class IfFrame implements Frame {
  constructor(
    readonly node: If,
    readonly env: Env,
  ) {}
  resume(m: Machine, v: Value): void {
    m.node = v !== NIL ? this.node.then : this.node.otherwise;
    m.env = this.env;
  }
}

/** `and` (`isOr` false) or `or` (`isOr` true); the last operand runs in tail position. */
export class AndOr extends Node {
  constructor(
    readonly isOr: boolean,
    readonly items: Node[],
  ) {
    super();
    this.simple = items.every((n) => n.simple);
  }
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const items = this.items;
    const last = items.length - 1;
    if (last < 0) return this.isOr ? NIL : T;
    for (let i = 0; i < last; i++) {
      const item = items[i] as Node;
      const v = item.ev(env, m);
      if (v === SUSPENDED) {
        m.captured.push(new AndOrFrame(this, i + 1, env));
        return v;
      }
      if ((v !== NIL) === this.isOr) return v;
    }
    return (items[last] as Node).ev(env, m);
  }
  override markTail(pending: Node[]): void {
    const last = this.items.at(-1);
    if (last !== undefined) pending.push(last);
  }
  /** Goes on from operand `start` after a suspension, in machine steps. */
  from(start: number, env: Env, m: Machine): void {
    const items = this.items;
    for (let i = start; i < items.length - 1; i++) {
      const item = items[i] as Node;
      if (!item.simple) {
        m.stack.push(new AndOrFrame(this, i + 1, env));
        m.node = item;
        m.env = env;
        return;
      }
      const v = item.ev(env, m);
      if ((v !== NIL) === this.isOr) {
        m.val = v;
        return;
      }
    }
    m.node = items[items.length - 1] as Node;
    m.env = env;
  }
}

class AndOrFrame implements Frame {
  constructor(
    readonly node: AndOr,
    readonly next: number,
    readonly env: Env,
  ) {}
  resume(m: Machine, v: Value): void {
    if ((v !== NIL) === this.node.isOr) {
      m.val = v;
      return;
    }
    this.node.from(this.next, this.env, m);
  }
}

/** `progn`: the last form runs in tail position. */
export class Seq extends Node {
  constructor(readonly items: Node[]) {
    super();
    this.simple = items.every((n) => n.simple);
  }
  ev(env: Env, m: Machine): Value {
    const items = this.items;
    const last = items.length - 1;
    if (last < 0) return NIL;
    for (let i = 0; i < last; i++) {
      if ((items[i] as Node).ev(env, m) === SUSPENDED) {
        m.captured.push(new SeqFrame(this, i + 1, env));
        return SUSPENDED;
      }
    }
    return (items[last] as Node).ev(env, m);
  }
  override markTail(pending: Node[]): void {
    const last = this.items.at(-1);
    if (last !== undefined) pending.push(last);
  }
  /** Goes on from form `start` after a suspension, in machine steps. */
  from(start: number, env: Env, m: Machine): void {
    const items = this.items;
    for (let i = start; i < items.length - 1; i++) {
      const item = items[i] as Node;
      if (!item.simple) {
        m.stack.push(new SeqFrame(this, i + 1, env));
        m.node = item;
        m.env = env;
        return;
      }
      item.ev(env, m);
    }
    m.node = items[items.length - 1] as Node;
    m.env = env;
  }
}

class SeqFrame implements Frame {
  constructor(
    readonly node: Seq,
    readonly next: number,
    readonly env: Env,
  ) {}
  resume(m: Machine): void {
    this.node.from(this.next, this.env, m);
  }
}
