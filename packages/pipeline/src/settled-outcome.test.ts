import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { createPipeline } from './pipeline.js';
import type { HandlerReturn } from './tool-types.js';

function pipelineReturning(handler: () => HandlerReturn | PromiseLike<HandlerReturn>) {
  const tool = defineTool({
    name: 'T',
    description: 'T.',
    readOnly: true,
    args: z.object({ n: z.number().int() }),
    handler,
  });
  return createPipeline({ tools: [tool] });
}

describe('ToolRun.settledOutcome', () => {
  it('holds the outcome when runTool returns, if every step finished at once', async () => {
    const run = pipelineReturning(() => 'ok').runTool({
      name: 'T',
      input: { n: 1 },
      toolUseId: 'a',
    });
    const settled = run.settledOutcome;
    expect(settled).toMatchObject({ status: 'success', result: 'ok', toolUseId: 'a' });
    expect(await run.outcome).toBe(settled);
  });

  it('holds a refusal settled at once, such as invalid input', async () => {
    const run = pipelineReturning(() => 'ok').runTool({
      name: 'T',
      input: { n: 'x' },
      toolUseId: 'a',
    });
    expect(run.settledOutcome?.status).toBe('error');
    expect(await run.outcome).toBe(run.settledOutcome);
  });

  it('is undefined while an asynchronous step runs, then holds the awaited outcome', async () => {
    const run = pipelineReturning(() => Promise.resolve('later')).runTool({
      name: 'T',
      input: { n: 1 },
      toolUseId: 'a',
    });
    expect(run.settledOutcome).toBeUndefined();
    const outcome = await run.outcome;
    expect([outcome.result, run.settledOutcome]).toEqual(['later', outcome]);
  });

  it('holds the cancellation of a run cancelled before it settled', async () => {
    const run = pipelineReturning(() => new Promise<string>(() => {})).runTool({
      name: 'T',
      input: { n: 1 },
      toolUseId: 'a',
    });
    run.cancel();
    expect(run.settledOutcome?.error?.code).toBe('cancelled');
    expect(await run.outcome).toBe(run.settledOutcome);
  });
});
