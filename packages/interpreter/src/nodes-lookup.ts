import type { Env, Machine, Node } from './machine.js';
import { evaluateArg, evaluateSecond } from './nodes-bind.js';
import { chargeString, type Primitive, PrimitiveCall } from './nodes-call.js';
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
  constructor(primitive: Primitive, args: Node[]) {
    super(primitive, args);
    this.lookup = primitive.fast2 as (a: Value, b: Value, m: Machine) => Value;
  }
  override ev(env: Env, m: Machine): Value {
    m.steps++;
    const left = this.args[0] as Node;
    const a = left.simple ? left.ev(env, m) : evaluateArg(this, undefined, 0, env, m);
    const right = this.args[1] as Node;
    const b = right.simple ? right.ev(env, m) : evaluateSecond(this, a, env, m);
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
