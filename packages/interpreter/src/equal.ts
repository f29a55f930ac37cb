import { exceed } from './guest-error.js';
import type { Machine } from './machine.js';
import { Cons, LFloat, type Value } from './values.js';

/** Emacs `eql`: `eq`, plus numbers of the same type and value (floats by bit pattern). */
export function eql(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a instanceof LFloat && b instanceof LFloat)
    return Object.is(a.value, b.value) || (Number.isNaN(a.value) && Number.isNaN(b.value));
  return false;
}

/** Emacs `equal`: structural equality of conses, vectors and strings, `eql` otherwise; iterative. */
export function equal(a: Value, b: Value, m?: Machine): boolean {
  if (a === b) return true;
  if (!(a instanceof Cons) && !Array.isArray(a)) return eql(a, b);
  const stack: Value[] = [a, b];
  let visited = 0;
  while (stack.length > 0) {
    // Comparing two large shared structures is real work: charge it as steps.
    if (m !== undefined && ++visited % 1024 === 0) {
      m.steps += 1024;
      if (m.steps > m.limits.steps)
        exceed(
          'steps',
          m.limits.steps,
          `steps: stopped comparing structures after ${m.steps} steps`,
        );
    }
    const y = stack.pop() as Value;
    const x = stack.pop() as Value;
    if (x === y) continue;
    if (x instanceof Cons) {
      if (!(y instanceof Cons)) return false;
      stack.push(x.cdr, y.cdr, x.car, y.car);
      continue;
    }
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = x.length - 1; i >= 0; i--) stack.push(x[i] as Value, y[i] as Value);
      continue;
    }
    if (!eql(x, y)) return false;
  }
  return true;
}
