import { type Env, type Machine, type Node, SUSPENDED } from './machine.js';
import { evaluateArg, evaluateSecond } from './nodes-bind.js';
import { chargeString, type Primitive, PrimitiveCall } from './nodes-call.js';
import { Const, lookUp, variableAt } from './nodes-core.js';
import { NIL, type Value } from './values.js';

/** Lookups whose two-argument call is remembered at its call site (see `LookupCall`). */
export const rememberedLookups = new Set([
  'plist-get',
  'plist-member',
  'assq',
  'assoc',
  'memq',
  'member',
]);

/**
 * A two-argument call of a list lookup that remembers its last arguments and answer. Guest
 * values are never mutated, so the same key in the same list (the same objects) has the same
 * answer: a call repeated in a loop answers at once, charging the steps the walk charged.
 */
export class LookupCall extends PrimitiveCall {
  private first: Value = NIL;
  private second: Value = NIL;
  private answer: Value | undefined = undefined;
  private charged = 0;
  private readonly lookup: (a: Value, b: Value, m: Machine) => Value;
  /** Operands read in place: a variable's depth and slot (depth -1: not a variable), a constant. */
  private readonly leftDepth: number;
  private readonly leftSlot: number;
  private readonly rightDepth: number;
  private readonly rightSlot: number;
  private readonly leftConstant: boolean;
  private readonly rightConstant: boolean;
  constructor(primitive: Primitive, args: Node[]) {
    super(primitive, args);
    this.lookup = primitive.fast2 as (a: Value, b: Value, m: Machine) => Value;
    [this.leftDepth, this.leftSlot] = variableAt(args[0] as Node);
    [this.rightDepth, this.rightSlot] = variableAt(args[1] as Node);
    this.leftConstant = args[0] instanceof Const;
    this.rightConstant = args[1] instanceof Const;
  }
  override ev(env: Env, m: Machine): Value {
    m.steps++;
    const left = this.args[0] as Node;
    const a =
      this.leftDepth >= 0
        ? lookUp(env, this.leftDepth, this.leftSlot)
        : this.leftConstant
          ? (left as Const).value
          : left.simple
            ? left.ev(env, m)
            : evaluateArg(this, undefined, 0, env, m);
    if (a === SUSPENDED) return a;
    const right = this.args[1] as Node;
    const b =
      this.rightDepth >= 0
        ? lookUp(env, this.rightDepth, this.rightSlot)
        : this.rightConstant
          ? (right as Const).value
          : right.simple
            ? right.ev(env, m)
            : evaluateSecond(this, a, env, m);
    if (b === SUSPENDED) return b;
    chargeString(a, m);
    chargeString(b, m);
    if (this.answer !== undefined && a === this.first && b === this.second) {
      m.steps += this.charged;
      return this.answer;
    }
    const before = m.steps;
    const answer = this.lookup(a, b, m);
    this.charged = m.steps - before;
    this.first = a;
    this.second = b;
    this.answer = answer;
    return answer;
  }
}
