import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluate } from './evaluate.js';
import { preflight } from './preflight.js';
import {
  nestingArbitrary,
  nestingSource,
  wideArbitrary,
  wideForms,
} from './testing/arbitraries.js';

/**
 * Every nesting budget raised far past the nests drawn, so only a limit of the machine's own
 * can stop them (value sizes keep their defaults: `(format "%S" …)` nests double a string).
 */
const raised = {
  depth: 1_000_000,
  syntaxNodes: 10_000_000,
  scriptBytes: 100_000_000,
  steps: 100_000_000,
  nestedCalls: 1_000_000,
  recursionDepth: 1_000_000,
  transformedSize: 100_000_000,
  wallTime: 60_000,
};
const tools = { Echo: { call: () => 1 } };

describe('deep nesting with raised limits', () => {
  test.prop([nestingArbitrary], { numRuns: 20 })(
    'settles as a value or a named refusal, never through a host stack overflow',
    async (nest) => {
      const source = nestingSource(nest);
      const outcome = await evaluate(source, { tools, limits: raised });
      if (!outcome.success) {
        expect(outcome.error.message).not.toMatch(/call stack|host stack/i);
        // The only failures these nests can meet: a leaf variable that is unbound, and the
        // value budgets a `(format "%S" …)` nest doubling its string runs into.
        if (outcome.error.kind === 'budget')
          expect(['value-size', 'retained-values']).toContain(outcome.error.budget);
        else expect(outcome.error.kind).toBe('runtime');
      }
      const checked = preflight(source, { tools, limits: raised });
      expect(checked.success || !/call stack/i.test(checked.error.message)).toBe(true);
    },
    300_000,
  );

  test.prop([wideArbitrary], { numRuns: 20 })(
    'evaluates long flat forms without a host stack overflow',
    async ({ form, width }) => {
      const source = (wideForms[form] as (n: number) => string)(width);
      const outcome = await evaluate(source, { tools, limits: raised });
      expect(outcome.success, outcome.success ? '' : outcome.error.message).toBe(true);
    },
    300_000,
  );
});
