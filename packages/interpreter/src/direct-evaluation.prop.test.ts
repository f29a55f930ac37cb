import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluate, type ToolBinding } from './index.js';

// Forms run directly on the host stack until a tool call waits, the slice ends or the stack
// is deep enough; then the machine takes over from the frames the forms left. Whatever point
// that happens at, the outcome must be the one of a run where no call ever waited.

function tools(waits: boolean): Record<string, ToolBinding> {
  return {
    Tool: {
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      call: (args) => {
        const n = Number(args.n) + 1;
        return waits ? Promise.resolve().then(() => n) : n;
      },
    },
  };
}

const definitions = `
(defun deep (n v) (if (<= n 0) v (+ 1 (deep (- n 1) v))))
(defun loop-to (n acc) (if (<= n 0) acc (loop-to (- n 1) (+ acc 1))))
(defun twice (f v) (funcall f (funcall f v)))
`;

/** Integer-valued expressions over the variable x, some calling the tool. */
const expression = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant('x'),
    fc.integer({ min: -5, max: 40 }).map(String),
    tie('expr').map((a) => `(Tool :n (% (abs ${a}) 40))`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `(+ ${a} ${b})`),
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([a, b, c]) => `(if (> ${a} 5) ${b} ${c})`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `(let ((x ${a})) ${b})`),
    fc
      .tuple(tie('expr'), tie('expr'))
      .map(([a, b]) => `(car (mapcar (lambda (x) ${b}) (list ${a})))`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `(funcall (lambda (x) ${b}) ${a})`),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => `(twice (lambda (x) ${b}) ${a})`),
    fc.tuple(fc.integer({ min: 0, max: 700 }), tie('expr')).map(([n, v]) => `(deep ${n} ${v})`),
    fc
      .tuple(fc.integer({ min: 0, max: 3000 }), tie('expr'))
      .map(([n, a]) => `(+ ${a} (loop-to ${n} 0))`),
    fc
      .tuple(fc.integer({ min: 0, max: 4 }), tie('expr'))
      .map(([n, b]) => `(let ((s 0)) (dotimes (x ${n}) (setq s (+ s ${b}))) s)`),
    fc
      .tuple(fc.integer({ min: 0, max: 4 }), tie('expr'))
      .map(([n, b]) => `(let ((s 0) (i 0)) (while (< i ${n}) (setq s (+ s ${b}) i (+ i 1))) s)`),
  ),
})).expr;

const limits = { recursionDepth: 5_000, nestedCalls: 10_000, wallTime: 20_000 };

describe('direct evaluation', () => {
  test.prop([expression], { numRuns: 200 })(
    'gives the outcome of calls that never wait wherever a waiting call suspends it',
    async (body) => {
      const source = `${definitions} (let ((x 3)) ${body})`;
      const settled = await evaluate(source, { tools: tools(false), limits });
      const waited = await evaluate(source, { tools: tools(true), limits });
      const summary = (outcome: typeof settled): unknown =>
        outcome.success
          ? { printed: outcome.printed, calls: outcome.calls.length }
          : { error: outcome.error };
      expect(summary(waited)).toEqual(summary(settled));
    },
  );
});
