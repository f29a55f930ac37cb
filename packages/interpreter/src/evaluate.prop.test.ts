import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { equal } from './equal.js';
import { evaluate } from './evaluate.js';
import { print } from './printer.js';
import { read } from './reader.js';
import { programArbitrary, valueArbitrary } from './testing/arbitraries.js';

const kinds = ['read', 'preflight', 'budget', 'runtime', 'tool-denied', 'cancelled'];
const tools = { Read: { call: async () => 'text' } };
const limits = { wallTime: 2_000, steps: 200_000, valueSize: 100_000 };

function settledWell(outcome: Awaited<ReturnType<typeof evaluate>>): boolean {
  if (outcome.success) return typeof outcome.printed === 'string';
  return kinds.includes(outcome.error.kind) && !/call stack/i.test(outcome.error.message);
}

describe('print and read', () => {
  test.prop([valueArbitrary], { numRuns: 300 })('read(print(v)) equals v', (value) => {
    const result = read(print(value), { syntaxNodes: 1e6, depth: 1000, scriptBytes: 1e7 });
    expect(
      result.success &&
        result.value.forms.length === 1 &&
        equal(result.value.forms[0] as never, value),
    ).toBe(true);
  });
});

describe('evaluate on hostile input', () => {
  test.prop([programArbitrary], { numRuns: 200 })(
    'random programs settle as a value or a guest error',
    async (program) => {
      const outcome = await evaluate(print(program), { tools, limits });
      expect(settledWell(outcome)).toBe(true);
    },
  );

  test.prop([fc.string({ unit: 'binary', maxLength: 80 })], { numRuns: 200 })(
    'random text settles as a value or a guest error',
    async (text) => {
      const outcome = await evaluate(text, { tools, limits });
      expect(settledWell(outcome)).toBe(true);
    },
  );

  test.prop([fc.uint8Array({ maxLength: 80 })], { numRuns: 100 })(
    'random bytes settle as a value or a guest error',
    async (bytes) => {
      const outcome = await evaluate(new TextDecoder().decode(bytes), { tools, limits });
      expect(settledWell(outcome)).toBe(true);
    },
  );

  test.prop([fc.integer({ min: 1, max: 60_000 })], { numRuns: 15 })(
    'guest recursion never overflows the host stack',
    async (n) => {
      const outcome = await evaluate(
        `(defun deep (n) (if (= n 0) 0 (+ 1 (deep (- n 1))))) (deep ${n})`,
        { limits: { recursionDepth: 100_000 } },
      );
      expect(outcome).toMatchObject({ success: true, printed: String(n) });
    },
  );

  test.prop([fc.integer({ min: 1, max: 99 })], { numRuns: 30 })(
    'nesting up to the depth budget never overflows the host stack',
    async (depth) => {
      const source = `${'(list '.repeat(depth - 1)}1${')'.repeat(depth - 1)}`;
      const outcome = await evaluate(source);
      expect(outcome.success).toBe(true);
    },
  );
});
