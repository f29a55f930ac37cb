import type { Clock } from '@toolcall/interpreter';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalog } from '../catalog/catalog.js';
import { defineTool } from '../define-tool.js';
import type { PipelineEvent } from '../events.js';
import type { ToolRun } from '../outcome.js';
import { createPipeline, type Pipeline, type PipelineOptions } from '../pipeline.js';
import type { Tool } from '../tool-types.js';
import type { ToolCallProgress } from './audit.js';
import { createToolCallDriver, type ToolCallOptions } from './driver.js';

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

function echoTool(name: string, onCall: () => void = () => {}): Tool {
  return defineTool({
    name,
    description: `${name} echoes its text.`,
    readOnly: true,
    args: z.object({ text: z.string() }),
    handler: ({ text }) => {
      onCall();
      return text;
    },
  }) as unknown as Tool;
}

type Setup = {
  tools: () => Tool[];
  pipeline?: Partial<PipelineOptions>;
  driver?: Partial<ToolCallOptions>;
  signal?: () => AbortSignal;
};

/** Runs `expression` twice: through the pipeline itself, and through runs it must wait on. */
async function bothWays(expression: string, setup: Setup) {
  const runs = [];
  for (const waiting of [false, true]) {
    const tools = setup.tools();
    const pipeline = createPipeline({ tools, ...setup.pipeline });
    const events: PipelineEvent[] = [];
    pipeline.subscribe((event) => events.push(event));
    const progress: ToolCallProgress[] = [];
    const driver = createToolCallDriver({
      pipeline: waiting ? waitingOnly(pipeline) : pipeline,
      onProgress: (update) => progress.push(update),
      ...setup.driver,
    });
    const signal = setup.signal?.();
    const settlement = await driver.run({
      expression,
      envelopeId: 'E',
      catalog: createCatalog({ tools, native: tools.map((tool) => tool.name) }),
      ...(signal === undefined ? {} : { signal }),
    });
    runs.push({ settlement, events, progress });
  }
  return { settled: runs[0], waited: runs[1] };
}

describe('ToolCallDriver with nested calls that settle inside runTool', () => {
  it('asks the person mid-script and aborts on a denial, as with waited calls', async () => {
    const { settled, waited } = await bothWays(
      '(Echo :text "a") (Echo :text "b") (Echo :text "c")',
      {
        tools: () => [echoTool('Echo')],
        pipeline: {
          rules: [{ tool: 'Echo', action: 'ask' }],
          asker: (request) => (request.toolUseId === 'E/2' ? 'deny' : 'allow-once'),
        },
      },
    );
    expect(settled).toEqual(waited);
    expect(settled?.settlement.renderData.failure?.kind).toBe('tool-denied');
  });

  it('stops at the nested-call budget, as with waited calls', async () => {
    const { settled, waited } = await bothWays('(dotimes (i 5) (Echo :text "x"))', {
      tools: () => [echoTool('Echo')],
      driver: { limits: { nestedCalls: 3 } },
    });
    expect(settled).toEqual(waited);
    expect(settled?.settlement.renderData.failure).toEqual({
      kind: 'budget',
      budget: 'nested-calls',
      message:
        'nested-calls budget exceeded: limit 3 calls: stopped before nested call Echo at call 4',
    });
  });

  it('stops before the first call past the wall-time budget, as with waited calls', async () => {
    let now = 0;
    const clock: Clock = {
      now: () => now,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    const { settled, waited } = await bothWays(
      '(dotimes (i 5) (Echo :text "x") (Slow :text "y"))',
      {
        tools: () => {
          now = 0;
          return [echoTool('Echo'), echoTool('Slow', () => (now += 400))];
        },
        driver: { clock, limits: { wallTime: 1000 } },
      },
    );
    expect(settled).toEqual(waited);
    expect(settled?.settlement.renderData.failure?.message).toBe(
      'wall-time budget exceeded: limit 1000 ms: stopped before nested call Echo at call 7',
    );
  });

  it('stops at the call during which the envelope was cancelled, as with waited calls', async () => {
    let controller = new AbortController();
    let calls = 0;
    const { settled, waited } = await bothWays('(dotimes (i 5) (Echo :text "x")) "done"', {
      tools: () => {
        calls = 0;
        return [
          echoTool('Echo', () => {
            if (++calls === 2) controller.abort();
          }),
        ];
      },
      signal: () => {
        controller = new AbortController();
        return controller.signal;
      },
    });
    expect(settled).toEqual(waited);
    expect([
      settled?.settlement.renderData.failure?.kind,
      settled?.settlement.children.length,
    ]).toEqual(['cancelled', 2]);
  });
});
