import type { Env, Machine, Node } from './machine.js';
import { applyPrimitive, type Primitive, PrimitiveCall } from './nodes-call.js';
import { NIL, T, type Value } from './values.js';

const codes: Record<string, number> = {
  '+': 0,
  '-': 1,
  '*': 2,
  '<': 3,
  '>': 4,
  '<=': 5,
  '>=': 6,
  '=': 7,
};

/** Whether a two-argument call of `name` has a fixnum fast path. */
export function hasFixnumPath(name: string, argumentCount: number): boolean {
  return argumentCount === 2 && Object.hasOwn(codes, name);
}

/**
 * A two-argument arithmetic or comparison call that skips the argument array when both
 * operands are safe integers, falling back to the primitive otherwise (floats, bigints, errors).
 */
export class FixnumCall extends PrimitiveCall {
  readonly code: number;
  readonly left: Node;
  readonly right: Node;
  constructor(primitive: Primitive, args: Node[]) {
    super(primitive, args);
    this.code = codes[primitive.name] as number;
    this.left = args[0] as Node;
    this.right = args[1] as Node;
  }
  compute(a: Value, b: Value, m: Machine): Value {
    if (typeof a === 'number' && typeof b === 'number') {
      switch (this.code) {
        case 0: {
          const r = a + b;
          if (Number.isSafeInteger(r)) return r;
          break;
        }
        case 1: {
          const r = a - b;
          if (Number.isSafeInteger(r)) return r;
          break;
        }
        case 2: {
          const r = a * b;
          if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
          break;
        }
        case 3:
          return a < b ? T : NIL;
        case 4:
          return a > b ? T : NIL;
        case 5:
          return a <= b ? T : NIL;
        case 6:
          return a >= b ? T : NIL;
        default:
          return a === b ? T : NIL;
      }
    }
    return applyPrimitive(this.primitive, [a, b], m);
  }
  override ev(env: Env, m: Machine): Value {
    m.steps++;
    return this.compute(this.left.ev(env, m), this.right.ev(env, m), m);
  }
  override finish(values: Value[], _env: Env, m: Machine): void {
    m.val = this.compute(values[0] as Value, values[1] as Value, m);
  }
}
