import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluate, type Outcome } from './evaluate.js';
import { rememberedLookups } from './nodes-lookup.js';
import { primitives } from './primitives/index.js';
import { print } from './printer.js';
import { valueArbitrary } from './testing/arbitraries.js';

const limits = { wallTime: 2_000, steps: 200_000, valueSize: 100_000 };

/** The primitives whose one- or two-argument call sites take their arguments directly. */
const fast = [...primitives.values()].filter(
  (primitive) => primitive.fast1 !== undefined || primitive.fast2 !== undefined,
);

function summary(outcome: Outcome): unknown[] {
  return outcome.success
    ? ['value', outcome.printed]
    : ['error', outcome.error.kind, outcome.error.message];
}

describe('primitive fast paths', () => {
  test.prop(
    [fc.constantFrom(...fast.map((primitive) => primitive.name)), valueArbitrary, valueArbitrary],
    { numRuns: 600 },
  )(
    'a direct call gives what the general path (funcall) gives, errors included',
    async (name, a, b) => {
      const primitive = primitives.get(name);
      // Through variables: a call of constants may be folded before it runs.
      const bind = `(x '${print(a)}) (y '${print(b)})`;
      const args = primitive?.fast2 !== undefined ? 'x y' : 'x';
      const direct = await evaluate(`(let (${bind}) (${name} ${args}))`, { limits });
      const general = await evaluate(`(let (${bind}) (funcall '${name} ${args}))`, { limits });
      expect(summary(direct)).toEqual(summary(general));
    },
  );

  test.prop([fc.constantFrom(...rememberedLookups), valueArbitrary, valueArbitrary], {
    numRuns: 300,
  })(
    'a lookup repeated at one call site gives what a fresh call gives every time',
    async (name, a, b) => {
      const bind = `(x '${print(a)}) (y '${print(b)})`;
      const repeated = await evaluate(
        `(let (${bind} (r nil)) (dotimes (i 3) (push (${name} x y) r)) r)`,
        { limits },
      );
      const fresh = await evaluate(
        `(let (${bind}) (list (funcall '${name} x y) (funcall '${name} x y) (funcall '${name} x y)))`,
        { limits },
      );
      expect(summary(repeated)).toEqual(summary(fresh));
    },
  );

  test.prop([fc.constantFrom(...fast.map((primitive) => primitive.name))])(
    'a call with the wrong number of arguments still names the arity',
    async (name) => {
      const primitive = primitives.get(name);
      if (primitive?.max !== 1 && primitive?.max !== 2) return;
      const outcome = await evaluate(`(${name} 1 2 3)`, { limits });
      expect(outcome.success).toBe(false);
      if (!outcome.success)
        expect(outcome.error.message).toContain(`wrong-number-of-arguments ${name}`);
    },
  );
});
