import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { createCatalog } from '../catalog/catalog.js';
import { defineTool } from '../define-tool.js';
import type { PipelineEvent } from '../events.js';
import { createPipeline } from '../pipeline.js';
import type { Tool } from '../tool-types.js';
import { createToolCallDriver } from './driver.js';
import { isUnstartedCall, UNSTARTED_RESULTS } from './unstarted.js';

// n picks the nested call's behaviour: 0 throws, 1 fails with Error: text, 2 settles on a
// later turn, 3 settles after a macrotask, 7 is denied by a hook, anything else succeeds now.
const flaky = defineTool({
  name: 'Flaky',
  description: 'Behaves as its argument says.',
  readOnly: true,
  args: z.object({ n: z.number().int() }),
  handler: ({ n }) => {
    const kind = n % 10;
    if (kind === 0) throw new Error(`boom ${n}`);
    if (kind === 1) return `Error: failed ${n}`;
    if (kind === 2) return Promise.resolve().then(() => `late ${n}`);
    if (kind === 3)
      return new Promise<string>((resolve) => setTimeout(() => resolve(`slow ${n}`), 0));
    return `ok ${n}`;
  },
}) as unknown as Tool;

const plan = fc.record({
  numbers: fc.array(fc.integer({ min: 0, max: 29 }), { maxLength: 12 }),
  parallel: fc.boolean(),
  parallelism: fc.integer({ min: 1, max: 4 }),
});

describe('ToolCall properties', () => {
  test.prop([plan], { numRuns: 60 })(
    'settles every nested call exactly once under its ENVELOPE-ID/N id',
    async ({ numbers, parallel, parallelism }) => {
      const pipeline = createPipeline({
        tools: [flaky],
        hooks: [
          {
            event: 'PreToolUse',
            run: (input) =>
              (input.tool_input as { n: number }).n % 10 === 7
                ? { permission_decision: 'deny', permission_reason: 'seven' }
                : undefined,
          },
        ],
      });
      const events: PipelineEvent[] = [];
      pipeline.subscribe((event) => events.push(event));
      const items = `(list ${numbers.join(' ')})`;
      const expression = parallel
        ? `(parallel-map (lambda (n) (Flaky :n n)) ${items})`
        : `(mapcar (lambda (n) (Flaky :n n)) ${items})`;
      const settled = await createToolCallDriver({ pipeline, parallelism }).run({
        expression,
        envelopeId: 'E',
        catalog: createCatalog({ tools: [flaky], native: ['Flaky'] }),
      });
      const started = events.filter((event) => event.type === 'started').map((e) => e.toolUseId);
      const ended = events.filter((event) => event.type === 'settled').map((e) => e.toolUseId);
      expect(new Set(started).size).toBe(started.length);
      expect([...ended].sort()).toEqual([...started].sort());
      expect(settled.children.map((child) => child.id)).toEqual(
        settled.children.map((child) => `E/${child.index}`),
      );
      // Every started call has its row. A join's calls waiting for a slot have rows too, from
      // the moment they queue: those a denial left unstarted settle as cancelled.
      const ids = settled.children.map((child) => child.id);
      expect(started.filter((id) => !ids.includes(id))).toEqual([]);
      const unstarted = settled.children.filter((child) => !started.includes(child.id));
      if (!parallel) expect(unstarted).toEqual([]);
      for (const child of unstarted) {
        expect(child).toMatchObject({
          status: 'cancelled',
          result: UNSTARTED_RESULTS.cancelled,
          args: null,
        });
      }
      // A renderer tells exactly those rows apart as calls that never ran.
      expect(settled.children.filter(isUnstartedCall)).toEqual(unstarted);
      if (parallel) expect(ids).toEqual(numbers.map((_, at) => `E/${at + 1}`).slice(0, ids.length));
      if (parallel && numbers.length > parallelism) expect(ids).toHaveLength(numbers.length);
      expect(
        settled.children.every((child) => child.status !== 'running' && child.status !== 'queued'),
      ).toBe(true);
      const denied = numbers.findIndex((n) => n % 10 === 7);
      expect(settled.status).toBe(denied === -1 ? 'success' : 'error');
      if (denied === -1) expect(settled.children).toHaveLength(numbers.length);
    },
  );
});
