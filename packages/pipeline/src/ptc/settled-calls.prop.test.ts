import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { createCatalog } from '../catalog/catalog.js';
import { defineTool } from '../define-tool.js';
import type { PipelineEvent } from '../events.js';
import type { ToolRun } from '../outcome.js';
import { createPipeline, type Pipeline } from '../pipeline.js';
import type { Tool } from '../tool-types.js';
import type { ToolCallProgress } from './audit.js';
import { createMemoryCheckpointStore } from './checkpoint.js';
import { createToolCallDriver } from './driver.js';
import { summaryOf } from './render-data.js';

// n picks the call's behaviour: 0 throws, 1 fails with Error: text, 2 settles after a
// macrotask, 3 returns an object with render data, anything else a string at once.
const flaky = defineTool({
  name: 'Flaky',
  description: 'Behaves as its argument says.',
  readOnly: true,
  args: z.object({ n: z.number().int() }),
  handler: ({ n }) => {
    const kind = n % 10;
    if (kind === 0) throw new Error(`boom ${n}`);
    if (kind === 1) return `Error: failed ${n}`;
    if (kind === 2)
      return new Promise<string>((resolve) => setTimeout(() => resolve(`slow ${n}`), 0));
    if (kind === 3) return { result: { n, list: [n, String(n)] }, renderData: { n } };
    return `ok ${n}`;
  },
}) as unknown as Tool;

// Asks the person first: odd n is allowed, even n denied.
const asked = defineTool({
  name: 'Asked',
  description: 'Needs permission.',
  readOnly: true,
  args: z.object({ n: z.number().int() }),
  handler: ({ n }) => `asked ${n}`,
}) as unknown as Tool;

/** The pipeline as a host of its own might expose it: runs without a settled outcome. */
function waitingOnly(pipeline: Pipeline): Pick<Pipeline, 'runTool'> {
  return {
    runTool(request) {
      const run = pipeline.runTool(request);
      const waiting: ToolRun = {
        toolUseId: run.toolUseId,
        outcome: run.outcome,
        cancel: () => run.cancel(),
      };
      return waiting;
    },
  };
}

const call = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 29 }).map((n) => `(Flaky :n ${n})`) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 9 }).map((n) => `(Asked :n ${n})`) },
);
const step = fc.oneof(
  call,
  fc.array(call, { minLength: 1, maxLength: 4 }).map((calls) => `(parallel ${calls.join(' ')})`),
  fc
    .array(fc.integer({ min: 0, max: 29 }), { maxLength: 8 })
    .map((items) => `(parallel-map (lambda (n) (Flaky :n n)) (list ${items.join(' ')}))`),
);
const plan: fc.Arbitrary<Plan> = fc.record({
  steps: fc.array(step, { minLength: 1, maxLength: 5 }),
  parallelism: fc.integer({ min: 1, max: 4 }),
});

type Plan = { steps: string[]; parallelism: number };

async function runPlan({ steps, parallelism }: Plan, waiting: boolean, cancelAt?: number) {
  const pipeline = createPipeline({
    tools: [flaky, asked],
    rules: [{ tool: 'Asked', action: 'ask' }],
    asker: (request) => {
      const answer = (request.input as { n: number }).n % 2 === 1 ? 'allow-once' : 'deny';
      // After a macrotask, as a person answers: a prompt answered within the same turn
      // settles a few microtasks later, and how such calls interleave with calls that
      // settle at once is timing, not behaviour.
      return new Promise((resolve) => setTimeout(() => resolve(answer), 0));
    },
  });
  const events: PipelineEvent[] = [];
  const controller = new AbortController();
  let started = 0;
  pipeline.subscribe((event) => {
    events.push(event);
    if (event.type === 'started' && ++started === cancelAt) controller.abort();
  });
  const progress: ToolCallProgress[] = [];
  const checkpoints = createMemoryCheckpointStore();
  const driver = createToolCallDriver({
    pipeline: waiting ? waitingOnly(pipeline) : pipeline,
    parallelism,
    checkpoints,
    onProgress: (update) => progress.push(update),
  });
  const settlement = await driver.run({
    expression: steps.join(' '),
    envelopeId: 'E',
    catalog: createCatalog({ tools: [flaky, asked], native: ['Flaky', 'Asked'] }),
    ...(cancelAt === undefined ? {} : { signal: controller.signal }),
  });
  // Copies as of the settlement: a prompt still open may answer (and publish) later.
  return {
    settlement,
    events: [...events],
    progress: [...progress],
    saved: await checkpoints.list(),
  };
}

describe('nested calls that settle inside runTool', () => {
  test.prop([plan], { numRuns: 80 })(
    'give the same settlement, pipeline events, progress and checkpoints as waited calls',
    async (input) => {
      expect(await runPlan(input, false)).toEqual(await runPlan(input, true));
    },
  );
});

describe('the envelope summary', () => {
  test.prop([plan, fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined })], {
    numRuns: 80,
  })(
    'counts the settled rows by status and batch, cancelled scripts too',
    async (input, cancelAt) => {
      const { settlement } = await runPlan(input, false, cancelAt);
      expect(settlement.renderData.summary).toEqual(summaryOf(settlement.children));
    },
  );
});
