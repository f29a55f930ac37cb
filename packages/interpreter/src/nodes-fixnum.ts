import { type Env, type Machine, type Node, SUSPENDED } from './machine.js';
import { ArgsFrame } from './nodes-bind.js';
import { applyPrimitive, DefunCall, type Primitive, PrimitiveCall } from './nodes-call.js';
import { Const, lookUp, variableAt } from './nodes-core.js';
import { NIL, T, type Value } from './values.js';

// Operations by code: arithmetic below `LT`, comparisons from it on.
export const ADD = 0;
export const SUB = 1;
const MUL = 2;
const REM = 3;
const QUO = 4;
export const LT = 5;
export const MAX_SAFE = 9007199254740991;

const codes: Record<string, number> = {
  '+': ADD,
  '-': SUB,
  '*': MUL,
  '%': REM,
  '/': QUO,
  '<': LT,
  '>': LT + 1,
  '<=': LT + 2,
  '>=': LT + 3,
  '=': LT + 4,
};

/**
 * For each comparison, which outcomes of `Math.sign(a - b) + 1` (bit 0: less, bit 1: equal,
 * bit 2: greater) make it true. The difference of two safe integers has the right sign even
 * where it rounds.
 */
const truths = [0b001, 0b100, 0b011, 0b110, 0b010];

/** Whether a two-argument call of `name` has a fixnum fast path. */
export function hasFixnumPath(name: string, argumentCount: number): boolean {
  return argumentCount === 2 && Object.hasOwn(codes, name);
}

/** How a fixnum call reads its operands (see `FixnumCall.shape`). */
const SLOT_CONST = 0;
const SLOT_SLOT = 1;
const OUTER = 2;
const SIMPLE_CONST = 3;
const SIMPLE_SIMPLE = 4;
const ANY = 5;

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
  /** How the operands are read: variables and constants in place, or evaluated. */
  readonly shape: number;
  /** A variable operand's environment depth and slot (see `variableAt`). */
  readonly leftDepth: number;
  readonly leftSlot: number;
  readonly rightDepth: number;
  readonly rightSlot: number;
  /** A constant right operand. */
  readonly value: Value;
  constructor(primitive: Primitive, args: Node[]) {
    super(primitive, args);
    this.fixnum = true;
    this.code = codes[primitive.name] as number;
    const left = args[0] as Node;
    const right = args[1] as Node;
    this.left = left;
    this.right = right;
    [this.leftDepth, this.leftSlot] = variableAt(left);
    [this.rightDepth, this.rightSlot] = variableAt(right);
    this.value = right instanceof Const ? right.value : NIL;
    const variables = this.leftDepth >= 0 && (right instanceof Const || this.rightDepth >= 0);
    this.shape = !variables
      ? left.simple && right.simple
        ? right instanceof Const
          ? SIMPLE_CONST
          : SIMPLE_SIMPLE
        : ANY
      : this.leftDepth > 0 || this.rightDepth > 0
        ? OUTER
        : right instanceof Const
          ? SLOT_CONST
          : SLOT_SLOT;
  }
  override ev(env: Env, m: Machine): Value {
    m.steps++;
    // Kept small, with one call of `compute`, so that V8 inlines both into the caller.
    const shape = this.shape;
    if (shape > SLOT_SLOT) return this.evaluate(env, m);
    return this.compute(
      env[this.leftSlot] as Value,
      shape === SLOT_CONST ? this.value : (env[this.rightSlot] as Value),
      m,
    );
  }
  /** Whether both operands are read in place (variables and constants). */
  get inPlace(): boolean {
    return this.shape <= OUTER;
  }
  /** Reads or evaluates operands that are not in the innermost environment, then computes. */
  private evaluate(env: Env, m: Machine): Value {
    if (this.shape === OUTER) {
      const depth = this.rightDepth;
      return this.compute(
        lookUp(env, this.leftDepth, this.leftSlot),
        depth < 0 ? this.value : lookUp(env, depth, this.rightSlot),
        m,
      );
    }
    if (this.shape === SIMPLE_CONST) return this.compute(this.left.ev(env, m), this.value, m);
    if (this.shape === SIMPLE_SIMPLE)
      return this.compute(this.left.ev(env, m), this.right.ev(env, m), m);
    return this.evaluateAny(env, m);
  }
  /** Operands that may call guest code, and so suspend. */
  private evaluateAny(env: Env, m: Machine): Value {
    const left = this.left;
    // A call of a definition at a call site of its own: V8 then calls it without a lookup.
    const a = left instanceof DefunCall ? this.callLeft(left, env, m) : left.ev(env, m);
    if (a === SUSPENDED) {
      m.captured.push(new ArgsFrame(this, [NIL, NIL], 0, env));
      return a;
    }
    const right = this.right;
    const b = right instanceof DefunCall ? this.callRight(right, env, m) : right.ev(env, m);
    if (b === SUSPENDED) {
      m.captured.push(new ArgsFrame(this, [a, NIL], 1, env));
      return b;
    }
    return this.compute(a, b, m);
  }
  private callLeft(call: DefunCall, env: Env, m: Machine): Value {
    return call.ev(env, m);
  }
  private callRight(call: DefunCall, env: Env, m: Machine): Value {
    return call.ev(env, m);
  }
  /** The operation on two fixnums, else (floats, bigints, overflow, zero divisors, errors) the primitive's. */
  compute(a: Value, b: Value, m: Machine): Value {
    if (typeof a === 'number' && typeof b === 'number') {
      const code = this.code;
      if (code >= LT)
        return (truths[code - LT] as number) & (1 << (Math.sign(a - b) + 1)) ? T : NIL;
      // Integers: exact while within the safe range, and a rounded result falls outside it.
      // A zero divisor gives NaN or an infinity, outside it too.
      const r =
        code === ADD
          ? a + b
          : code === SUB
            ? a - b
            : code === MUL
              ? a * b
              : code === REM
                ? a % b
                : Math.trunc(a / b);
      if (r <= MAX_SAFE && r >= -MAX_SAFE) return r === 0 ? 0 : r;
    }
    return applyPrimitive(this.primitive, [a, b], m);
  }
  override finish(values: Value[], _env: Env, m: Machine): void {
    m.val = this.compute(values[0] as Value, values[1] as Value, m);
  }
}
