import type { Env, Frame, Machine, Node } from './machine.js';
import { guestError, SUSPENDED } from './machine.js';
import { Collector, collect, evaluateArg } from './nodes-bind.js';
import { invoke, invokeDirect } from './nodes-call.js';
import { preview } from './printer.js';
import { Cons, NIL, Sym, type Value } from './values.js';

/**
 * A call whose first argument is the function: once its value is known, and before any
 * later argument runs, it is checked against the closed roster (`(funcall f (Tool …))`
 * never runs the tool for an `f` no call could run).
 */
export abstract class CalleeFirst extends Collector {
  /** Whether a callee `funcall` or `apply` passes the call on to the next argument. */
  abstract readonly chains: boolean;
  /** Nesting of the call's form in its body (see `hostSpan`). */
  cost = 1;
  /**
   * Evaluates the callee (and any it passes the call on to), checks it, then the rest;
   * undefined when one suspended.
   */
  evaluateCall(env: Env, m: Machine): Value[] | undefined {
    const args = this.args;
    const values = new Array<Value>(args.length);
    let at = 0;
    while (true) {
      const value = (args[at] as Node).ev(env, m);
      if (value === SUSPENDED) {
        m.captured.push(new CalleeFrame(this, values, at, env));
        return undefined;
      }
      m.runtime.checkCallable(value);
      values[at] = value;
      if (!this.chains || !appliesFurther(value) || at + 1 >= args.length) break;
      at++;
    }
    for (let i = at + 1; i < args.length; i++) {
      const value = evaluateArg(this, values, i, env, m);
      if (value === SUSPENDED) return undefined;
      values[i] = value;
    }
    return values;
  }
}

/**
 * Evaluates and checks the callee at `index` in machine steps; when it is `funcall` or
 * `apply` itself, the argument after it is the function actually called, checked the same way.
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
  ev(env: Env, m: Machine): Value {
    m.steps++;
    const values = this.evaluateCall(env, m);
    if (values === undefined) return SUSPENDED;
    return invokeDirect(m, values[0] as Value, this.spreadArgs(values), this.tail, this.cost);
  }
  private spreadArgs(values: Value[]): Value[] {
    const args = values.slice(1);
    if (this.spread && args.length > 0) {
      let tail = args.pop() as Value;
      while (tail instanceof Cons) {
        args.push(tail.car);
        tail = tail.cdr;
      }
      if (tail !== NIL) guestError(`wrong-type-argument listp ${preview(tail, 200)}`);
    }
    return args;
  }
  finish(values: Value[], _env: Env, m: Machine): void {
    invoke(m, values[0] as Value, this.spreadArgs(values));
  }
}
