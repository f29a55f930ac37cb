import { eql, equal } from '../equal.js';
import { guestError } from '../machine.js';
import type { Primitive } from '../nodes-call.js';
import {
  add,
  compare,
  div,
  mod,
  mul,
  type Num,
  rem,
  roundWith,
  sub,
  toDouble,
} from '../numbers.js';
import { bool, Cons, LFloat, NIL, Sym, T, type Value } from '../values.js';
import { asInteger, asNumber, define, define1, define2, given } from './check.js';

const MANY = Number.POSITIVE_INFINITY;

function fold(
  args: Value[],
  start: Num,
  op: (a: Num, b: Num, bits: number) => Num,
  bits: number,
): Num {
  let acc = start;
  for (const arg of args) acc = op(acc, asNumber(arg), bits);
  return acc;
}

function chain(args: Value[], ok: (c: number) => boolean): Value {
  for (let i = 0; i < args.length - 1; i++) {
    const c = compare(asNumber(args[i]), asNumber(args[i + 1]));
    if (!ok(c)) {
      for (let j = i + 2; j < args.length; j++) asNumber(args[j]);
      return NIL;
    }
  }
  if (args.length === 1) asNumber(args[0]);
  return T;
}

function rounding(name: 'truncate' | 'floor' | 'ceiling' | 'round'): Primitive {
  return define(name, 1, 2, ([a, d], m) =>
    roundWith(name, asNumber(a), given(d) ? asNumber(d) : undefined, m.bits),
  );
}

/** Number primitives. */
export const arithmeticPrimitives: Primitive[] = [
  define('+', 0, MANY, (args, m) => {
    if (args.length === 2) return add(asNumber(args[0]), asNumber(args[1]), m.bits);
    return fold(args, 0, add, m.bits);
  }),
  define('-', 0, MANY, (args, m) => {
    if (args.length === 0) return 0;
    const first = asNumber(args[0]);
    if (args.length === 1)
      return first instanceof LFloat ? new LFloat(-first.value) : sub(0, first, m.bits);
    return fold(args.slice(1), first, sub, m.bits);
  }),
  define('*', 0, MANY, (args, m) => fold(args, 1, mul, m.bits)),
  define('/', 1, MANY, (args, m) => {
    const first = asNumber(args[0]);
    if (args.length === 1) return div(first instanceof LFloat ? new LFloat(1) : 1, first, m.bits);
    const rest = args.slice(1).map(asNumber);
    // Any float argument makes the whole division floating point, as in Emacs.
    if (!(first instanceof LFloat) && rest.some((r) => r instanceof LFloat))
      return fold(rest, new LFloat(toDouble(first)), div, m.bits);
    return fold(rest, first, div, m.bits);
  }),
  define2('%', (a, b, m) => rem(asInteger(a), asInteger(b), m.bits)),
  define2('mod', (a, b, m) => mod(asNumber(a), asNumber(b), m.bits)),
  define1('abs', (a, m) => {
    const n = asNumber(a);
    if (n instanceof LFloat) return new LFloat(Math.abs(n.value));
    return compare(n, 0) < 0 ? sub(0, n, m.bits) : n;
  }),
  define('max', 1, MANY, (args) => pick(args, (c) => c > 0)),
  define('min', 1, MANY, (args) => pick(args, (c) => c < 0)),
  define1('float', (a) => {
    const n = asNumber(a);
    return n instanceof LFloat ? n : new LFloat(Number(n));
  }),
  rounding('truncate'),
  rounding('round'),
  rounding('floor'),
  rounding('ceiling'),
  define('=', 1, MANY, (args) => chain(args, (c) => c === 0)),
  define2('/=', (a, b) => bool(compare(asNumber(a), asNumber(b)) !== 0)),
  define('<', 1, MANY, (args) => chain(args, (c) => c < 0)),
  define('>', 1, MANY, (args) => chain(args, (c) => c > 0)),
  define('<=', 1, MANY, (args) => chain(args, (c) => c <= 0)),
  define('>=', 1, MANY, (args) => chain(args, (c) => c >= 0)),
];

function pick(args: Value[], better: (c: number) => boolean): Value {
  let best = asNumber(args[0]);
  for (let i = 1; i < args.length; i++) {
    const n = asNumber(args[i]);
    if (n instanceof LFloat && Number.isNaN(n.value)) return n;
    if (better(compare(n, best))) best = n;
  }
  return best;
}

/** Type predicates and equality. */
export const predicatePrimitives: Primitive[] = [
  define2('eq', (a, b) => bool(a === b)),
  define2('eql', (a, b) => bool(eql(a as Value, b as Value))),
  define2('equal', (a, b, m) => bool(equal(a as Value, b as Value, m))),
  define1('null', (a) => bool(a === NIL)),
  define1('not', (a) => bool(a === NIL)),
  define1('atom', (a) => bool(!(a instanceof Cons))),
  define1('consp', (a) => bool(a instanceof Cons)),
  define1('listp', (a) => bool(a === NIL || a instanceof Cons)),
  define1('stringp', (a) => bool(typeof a === 'string')),
  define1('numberp', (a) =>
    bool(typeof a === 'number' || typeof a === 'bigint' || a instanceof LFloat),
  ),
  define1('integerp', (a) => bool(typeof a === 'number' || typeof a === 'bigint')),
  define1('floatp', (a) => bool(a instanceof LFloat)),
  define1('symbolp', (a) => bool(a instanceof Sym)),
  define1('sequencep', (a) =>
    bool(a === NIL || a instanceof Cons || Array.isArray(a) || typeof a === 'string'),
  ),
  define1('identity', (a) => a as Value),
  define('gensym', 0, 1, ([prefix], m) => {
    const name = given(prefix)
      ? typeof prefix === 'string'
        ? prefix
        : guestError('wrong-type-argument stringp')
      : 'g';
    return new Sym(`${name}${m.runtime.gensymCounter++}`, false);
  }),
];
