import { type Env, type Machine, type Node, SUSPEND } from './machine.js';
import { ArgsFrame } from './nodes-bind.js';
import { applyPrimitive, type Primitive, PrimitiveCall } from './nodes-call.js';
import { Const, Ref0 } from './nodes-core.js';
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
  '%': 8,
  '/': 9,
};

/** Whether a two-argument call of `name` has a fixnum fast path. */
export function hasFixnumPath(name: string, argumentCount: number): boolean {
  return argumentCount === 2 && Object.hasOwn(codes, name);
}

/** How a fixnum call reads its operands (see `FixnumCall.shape`). */
const ANY = 0;
const SLOT_CONST = 1;
const SLOT_SLOT = 2;
const SIMPLE_CONST = 3;
const SIMPLE_SIMPLE = 4;

/**
 * A two-argument arithmetic or comparison call that skips the argument array when both
 * operands are safe integers, falling back to the primitive otherwise (floats, bigints, errors).
 * One class for every operand shape, so that a parent that sees only fixnum calls in a child
 * position calls `ev` at a single target, which V8 can inline.
 */
export class FixnumCall extends PrimitiveCall {
  readonly code: number;
  readonly left: Node;
  readonly right: Node;
  /** Operands read straight from the innermost environment (`slot`, `other`) or a constant. */
  readonly shape: number;
  readonly slot: number;
  readonly other: number;
  readonly value: Value;
  constructor(primitive: Primitive, args: Node[]) {
    super(primitive, args);
    this.fixnum = true;
    this.code = codes[primitive.name] as number;
    const left = args[0] as Node;
    const right = args[1] as Node;
    this.left = left;
    this.right = right;
    this.slot = left instanceof Ref0 ? left.index : 0;
    this.other = right instanceof Ref0 ? right.index : 0;
    this.value = right instanceof Const ? right.value : NIL;
    this.shape =
      right instanceof Const
        ? left instanceof Ref0
          ? SLOT_CONST
          : left.simple
            ? SIMPLE_CONST
            : ANY
        : right instanceof Ref0 && left instanceof Ref0
          ? SLOT_SLOT
          : left.simple && right.simple
            ? SIMPLE_SIMPLE
            : ANY;
  }
  override ev(env: Env, m: Machine): Value {
    m.steps++;
    let a: Value;
    let b: Value;
    // One call of `compute` below, so that V8 inlines it here.
    switch (this.shape) {
      case SLOT_CONST:
        a = env[this.slot] as Value;
        b = this.value;
        break;
      case SLOT_SLOT:
        a = env[this.slot] as Value;
        b = env[this.other] as Value;
        break;
      case SIMPLE_CONST:
        a = this.left.ev(env, m);
        b = this.value;
        break;
      case SIMPLE_SIMPLE:
        a = this.left.ev(env, m);
        b = this.right.ev(env, m);
        break;
      default: {
        const left = this.left;
        if (left.simple) a = left.ev(env, m);
        else
          try {
            a = left.ev(env, m);
          } catch (error) {
            if (error === SUSPEND) m.captured.push(new ArgsFrame(this, [NIL, NIL], 0, env));
            throw error;
          }
        const right = this.right;
        if (right.simple) b = right.ev(env, m);
        else
          try {
            b = right.ev(env, m);
          } catch (error) {
            if (error === SUSPEND) m.captured.push(new ArgsFrame(this, [a, NIL], 1, env));
            throw error;
          }
      }
    }
    return this.compute(a, b, m);
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
        case 7:
          return a === b ? T : NIL;
        case 8:
          // Safe integers: the remainder is exact and takes the dividend's sign, as in Emacs.
          if (b !== 0) return a % b || 0;
          break;
        default:
          if (b !== 0) return Math.trunc(a / b) || 0;
      }
    }
    return applyPrimitive(this.primitive, [a, b], m);
  }
  override finish(values: Value[], _env: Env, m: Machine): void {
    m.val = this.compute(values[0] as Value, values[1] as Value, m);
  }
}
