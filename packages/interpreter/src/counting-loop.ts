import type { Env, Machine } from './machine.js';
import { lookUp, type SetVar } from './nodes-core.js';
import { ADD, type FixnumCall, LT, MAX_SAFE, SUB } from './nodes-fixnum.js';
import { NIL, T, type Value } from './values.js';

/**
 * One fixnum call of a counting loop (see `While`), specialized to its operation: each kind of
 * operation is a class of its own, so that the loop's call of `run` sees a class or two and V8
 * compiles each operation to its few instructions. Anything but two fixnums, and a result
 * out of the fixnum range, goes to the call's general path, which gives the same value or error.
 */
abstract class Operation {
  readonly leftDepth: number;
  readonly leftSlot: number;
  readonly rightDepth: number;
  readonly rightSlot: number;
  readonly value: Value;
  constructor(readonly call: FixnumCall) {
    this.leftDepth = call.leftDepth;
    this.leftSlot = call.leftSlot;
    this.rightDepth = call.rightDepth;
    this.rightSlot = call.rightSlot;
    this.value = call.value;
  }
  /** The left operand. */
  left(env: Env): Value {
    const depth = this.leftDepth;
    return depth === 0 ? (env[this.leftSlot] as Value) : lookUp(env, depth, this.leftSlot);
  }
  /** The right operand. */
  right(env: Env): Value {
    const depth = this.rightDepth;
    if (depth < 0) return this.value;
    return depth === 0 ? (env[this.rightSlot] as Value) : lookUp(env, depth, this.rightSlot);
  }
  abstract run(env: Env, m: Machine): Value;
}

class Add extends Operation {
  run(env: Env, m: Machine): Value {
    const a = this.left(env);
    const b = this.right(env);
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a + b;
      if (r <= MAX_SAFE && r >= -MAX_SAFE) return r;
    }
    return this.call.compute(a, b, m);
  }
}

class Subtract extends Operation {
  run(env: Env, m: Machine): Value {
    const a = this.left(env);
    const b = this.right(env);
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a - b;
      if (r <= MAX_SAFE && r >= -MAX_SAFE) return r;
    }
    return this.call.compute(a, b, m);
  }
}

class Less extends Operation {
  run(env: Env, m: Machine): Value {
    const a = this.left(env);
    const b = this.right(env);
    if (typeof a === 'number' && typeof b === 'number') return a < b ? T : NIL;
    return this.call.compute(a, b, m);
  }
}

/** Any other operation: the call's own arithmetic. */
class Other extends Operation {
  run(env: Env, m: Machine): Value {
    return this.call.compute(this.left(env), this.right(env), m);
  }
}

function operation(call: FixnumCall): Operation {
  if (call.code === ADD) return new Add(call);
  if (call.code === SUB) return new Subtract(call);
  if (call.code === LT) return new Less(call);
  return new Other(call);
}

/** A counting loop: its test and its `setq`s, each value a fixnum call read in place. */
export class CountingLoop {
  private readonly test: Operation;
  private readonly targets: SetVar[];
  private readonly values: Operation[];
  constructor(test: FixnumCall, forms: SetVar[]) {
    this.test = operation(test);
    this.targets = forms;
    this.values = forms.map((form) => operation(form.value as FixnumCall));
  }
  /** Runs turns up to the next checkpoint, with the steps of the forms; true once the test fails. */
  turns(env: Env, m: Machine): boolean {
    const { test, targets, values } = this;
    do {
      // The turn and its test.
      m.steps += 2;
      if (test.run(env, m) === NIL) return true;
      for (let i = 0; i < targets.length; i++) {
        // The setq and its fixnum call.
        m.steps += 2;
        (targets[i] as SetVar).store(env, (values[i] as Operation).run(env, m));
      }
    } while (m.steps < m.checkAt);
    return false;
  }
}
