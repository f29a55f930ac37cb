import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluate } from './evaluate.js';
import { preflight } from './preflight.js';
import { nestingArbitrary, nestingSource } from './testing/arbitraries.js';

/** Every budget raised far past the nests drawn, so only a limit of the machine's own can stop them. */
const raised = {
  depth: 1_000_000,
  syntaxNodes: 10_000_000,
  scriptBytes: 100_000_000,
  steps: 100_000_000,
  nestedCalls: 1_000_000,
  recursionDepth: 1_000_000,
  transformedSize: 100_000_000,
  valueSize: 100_000_000,
  retainedValues: 1_000_000_000,
  wallTime: 120_000,
};
const tools = { Echo: { call: () => 1 } };

describe('deep nesting with raised limits', () => {
  test.prop([nestingArbitrary], { numRuns: 25, timeout: 120_000 })(
    'settles as a value or a named refusal, never through a host stack overflow',
    async (nest) => {
      const source = nestingSource(nest);
      const outcome = await evaluate(source, { tools, limits: raised });
      if (!outcome.success) {
        expect(outcome.error.message).not.toMatch(/call stack|host stack/i);
        // The only failures these nests can meet: a leaf variable that is unbound, a quoted or
        // vector datum that is no function, and the named limits of argument projection.
        expect(outcome.error.kind).toBe('runtime');
      }
      const checked = preflight(source, { tools, limits: raised });
      expect(checked.success || !/call stack/i.test(checked.error.message)).toBe(true);
    },
  );
});
