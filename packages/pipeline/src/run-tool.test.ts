import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import type { PipelineEvent, TelemetryRecord } from './events.js';
import { childToolUseId, createPipeline } from './pipeline.js';
import { readTool } from './testing/tools.js';
import type { HandlerReturn } from './tool-types.js';

function toolReturning(handler: () => HandlerReturn | PromiseLike<HandlerReturn>, extra = {}) {
  return defineTool({
    name: 'T',
    description: 'T.',
    readOnly: true,
    args: z.object({}),
    handler,
    ...extra,
  });
}

async function outcomeOf(handler: () => HandlerReturn | PromiseLike<HandlerReturn>, extra = {}) {
  const pipeline = createPipeline({ tools: [toolReturning(handler, extra)] });
  return pipeline.runTool({ name: 'T', input: {}, toolUseId: 'id' }).outcome;
}

describe('runTool', () => {
  it('settles a sync handler with the full outcome', async () => {
    const pipeline = createPipeline({ tools: [readTool] });
    const outcome = await pipeline.runTool({
      name: 'Read',
      input: { file_path: 'a' },
      toolUseId: 'call-1',
    }).outcome;
    expect(outcome).toEqual({
      status: 'success',
      error: undefined,
      result: 'read {"file_path":"a","mode":"text"}',
      rawResult: 'read {"file_path":"a","mode":"text"}',
      renderData: undefined,
      media: [],
      toolName: 'Read',
      toolUseId: 'call-1',
      parentId: undefined,
      source: 'direct',
      origin: 'model',
      input: { file_path: 'a', mode: 'text' },
      context: [],
      repair: undefined,
      repairNote: undefined,
      approvals: [],
      permission: { decision: 'allow', source: 'mode', reason: 'read-only tool' },
      warnings: [],
    });
  });

  it('settles an async handler with an envelope, status and render data', async () => {
    const outcome = await outcomeOf(async () => ({
      result: 42,
      status: 'success',
      renderData: { count: 1 },
    }));
    expect([outcome.status, outcome.result, outcome.renderData]).toEqual([
      'success',
      42,
      { count: 1 },
    ]);
  });

  it('classifies an Error: string and an explicit error status as errors', async () => {
    const legacy = await outcomeOf(() => 'Error: nope');
    const explicit = await outcomeOf(() => ({ result: 'bad', status: 'error' }));
    expect([
      legacy.status,
      legacy.error?.code,
      legacy.result,
      explicit.status,
      explicit.result,
    ]).toEqual(['error', 'handler-failed', 'Error: nope', 'error', 'bad']);
  });

  it('turns a throw and an invalid return into canonical errors', async () => {
    const thrown = await outcomeOf(() => {
      throw new Error('boom');
    });
    const invalid = await outcomeOf(() => 42 as never);
    expect([thrown.error?.code, thrown.result, invalid.error?.code, invalid.result]).toEqual([
      'handler-failed',
      'Error: boom',
      'invalid-result',
      'Error: T returned an invalid result; expected a string or { result }.',
    ]);
  });

  it('turns malformed render data into a canonical error', async () => {
    const outcome = await outcomeOf(() => ({
      result: 'x',
      renderData: ['not', 'an', 'object'] as never,
    }));
    expect([outcome.status, outcome.error?.code]).toEqual(['error', 'invalid-render-data']);
  });

  it('fails an unknown tool without throwing', async () => {
    const outcome = await createPipeline().runTool({ name: 'Nope', input: {}, toolUseId: 'x' })
      .outcome;
    expect([outcome.error?.code, outcome.result]).toEqual([
      'unknown-tool',
      'Error: Unknown tool Nope.',
    ]);
  });

  it('never repairs programmatic or nested input', async () => {
    const pipeline = createPipeline({ tools: [readTool] });
    const outcome = await pipeline.runTool({
      name: 'Read',
      input: { file_path: 'a', offset: '3' },
      toolUseId: childToolUseId('env', 2),
      parentId: 'env',
      source: 'ptc',
    }).outcome;
    expect([outcome.status, outcome.toolUseId, outcome.origin, outcome.repair?.outcome]).toEqual([
      'error',
      'env/2',
      'programmatic',
      'invalid',
    ]);
  });

  it('reads an optional null from a programmatic caller as absent, without a repair', async () => {
    const pipeline = createPipeline({ tools: [readTool] });
    const outcome = await pipeline.runTool({
      name: 'Read',
      input: { file_path: 'a', offset: null },
      toolUseId: 'env/1',
      parentId: 'env',
      source: 'ptc',
    }).outcome;
    const requiredNull = await pipeline.runTool({
      name: 'Read',
      input: { file_path: null },
      toolUseId: 'env/2',
      source: 'ptc',
    }).outcome;
    expect([outcome.status, outcome.input, outcome.repair, requiredNull.error?.code]).toEqual([
      'success',
      { file_path: 'a', mode: 'text' },
      undefined,
      'invalid-arguments',
    ]);
  });

  it('throws a TypeError for a malformed request', () => {
    const pipeline = createPipeline({ tools: [readTool] });
    expect(() =>
      pipeline.runTool({ name: 'Read', input: {}, toolUseId: 'x', source: 'nested' as never }),
    ).toThrow("runTool: source must be 'direct' or 'ptc', received nested");
  });

  it('records a committed repair and logs it without values', async () => {
    const pipeline = createPipeline({ tools: [readTool] });
    const outcome = await pipeline.runTool({
      name: 'Read',
      input: { file_path: 'a', offset: null },
      toolUseId: 'r',
    }).outcome;
    expect([outcome.status, outcome.repairNote, pipeline.repairLog.entries()]).toEqual([
      'success',
      'Note: Repaired tool input: Omitted optional null at `offset`. Please use the corrected argument shape in later calls.',
      [
        {
          tool: 'Read',
          toolUseId: 'r',
          origin: 'model',
          source: 'direct',
          outcome: 'repaired',
          steps: [{ rule: 'omit-optional-null', path: 'offset', from: 'null', to: 'absent' }],
          paths: [],
        },
      ],
    ]);
  });
});

describe('cancellation', () => {
  it('settles once as cancelled and ignores the late continuation', async () => {
    let finish: (value: string) => void = () => {};
    let cleaned = 0;
    let aborted = false;
    const tool = defineTool({
      name: 'Slow',
      description: 'Slow.',
      readOnly: true,
      args: z.object({}),
      handler: (_args, context) => {
        context.onCancel(() => {
          cleaned++;
        });
        context.signal.addEventListener('abort', () => {
          aborted = true;
        });
        return new Promise<string>((resolve) => {
          finish = resolve;
        });
      },
    });
    const settled: PipelineEvent[] = [];
    const pipeline = createPipeline({ tools: [tool] });
    pipeline.subscribe((event) => {
      if (event.type === 'settled') settled.push(event);
    });
    const run = pipeline.runTool({ name: 'Slow', input: {}, toolUseId: 's' });
    await new Promise((resolve) => setImmediate(resolve));
    run.cancel();
    run.cancel();
    finish('too late');
    const outcome = await run.outcome;
    await new Promise((resolve) => setImmediate(resolve));
    expect([
      outcome.status,
      outcome.error?.code,
      outcome.result,
      cleaned,
      aborted,
      settled.length,
    ]).toEqual(['error', 'cancelled', 'Error: The tool call was cancelled.', 1, true, 1]);
  });
});

describe('render transform', () => {
  const transformTool = (renderTransform: never, result: HandlerReturn = 'a\nb') =>
    toolReturning(() => result, { renderTransform });

  it('derives render data from a successful string result without changing it', async () => {
    const pipeline = createPipeline({
      tools: [
        transformTool(((input: { result: string }) => ({
          lines: input.result.split('\n').length,
        })) as never),
      ],
    });
    const outcome = await pipeline.runTool({ name: 'T', input: {}, toolUseId: 'x' }).outcome;
    expect([outcome.result, outcome.rawResult, outcome.renderData]).toEqual([
      'a\nb',
      'a\nb',
      { lines: 2 },
    ]);
  });

  it('does not run when the handler gave render data or failed', async () => {
    let calls = 0;
    const transform = (() => {
      calls++;
      return { x: 1 };
    }) as never;
    const pipeline = createPipeline({
      tools: [transformTool(transform, { result: 'x', renderData: { own: true } })],
    });
    const own = await pipeline.runTool({ name: 'T', input: {}, toolUseId: 'x' }).outcome;
    const failing = createPipeline({ tools: [transformTool(transform, 'Error: no')] });
    await failing.runTool({ name: 'T', input: {}, toolUseId: 'y' }).outcome;
    expect([own.renderData, calls]).toEqual([{ own: true }, 0]);
  });

  it('rejects oversized and throwing transforms as warnings', async () => {
    const big = createPipeline({
      tools: [transformTool((() => ({ copy: 'x'.repeat(10_000) })) as never)],
    });
    const outcome = await big.runTool({ name: 'T', input: {}, toolUseId: 'x' }).outcome;
    const thrower = createPipeline({
      tools: [
        transformTool((() => {
          throw new Error('bad');
        }) as never),
      ],
    });
    const thrown = await thrower.runTool({ name: 'T', input: {}, toolUseId: 'y' }).outcome;
    expect([
      outcome.status,
      outcome.renderData,
      outcome.warnings,
      thrown.status,
      thrown.warnings,
    ]).toEqual([
      'success',
      undefined,
      ['The render transform of T returned 10011 characters of render data; the limit is 4096.'],
      'success',
      ['The render transform of T failed: bad'],
    ]);
  });
});

describe('events and telemetry', () => {
  it('publishes started, permission-approved and settled with copied payloads', async () => {
    const events: PipelineEvent[] = [];
    const pipeline = createPipeline({ tools: [readTool] });
    pipeline.subscribe((event) => {
      events.push(event);
      (event.input as Record<string, unknown>).file_path = 'mutated';
    });
    pipeline.subscribe(() => {
      throw new Error('observer bug');
    });
    const outcome = await pipeline.runTool({
      name: 'Read',
      input: { file_path: 'a' },
      toolUseId: 'e',
      parentId: 'p',
    }).outcome;
    expect(
      events.map((event) => [event.type, event.toolUseId, event.parentId, event.source]),
    ).toEqual([
      ['started', 'e', 'p', 'direct'],
      ['permission-approved', 'e', 'p', 'direct'],
      ['settled', 'e', 'p', 'direct'],
    ]);
    expect([outcome.status, outcome.input]).toEqual(['success', { file_path: 'a', mode: 'text' }]);
  });

  it('emits redacted telemetry only', async () => {
    const records: TelemetryRecord[] = [];
    let clock = 0;
    const pipeline = createPipeline({
      tools: [readTool],
      telemetry: (record) => records.push(record),
      now: () => (clock += 5),
    });
    await pipeline.runTool({
      name: 'Read',
      input: { file_path: '/secret/path', offset: '7' },
      toolUseId: 't',
    }).outcome;
    expect(records).toEqual([
      {
        tool: 'Read',
        toolUseId: 't',
        parentId: undefined,
        origin: 'model',
        source: 'direct',
        outcome: 'success',
        errorCode: undefined,
        validation: 'repaired',
        rules: ['parse-json-value'],
        permission: { decision: 'allow', source: 'mode' },
        durationMs: 5,
      },
    ]);
    expect(JSON.stringify(records)).not.toContain('secret');
  });
});

describe('media', () => {
  it('stores media through the sink and drops it with a warning without one', async () => {
    const media = [{ mimeType: 'image/png', data: new Uint8Array([1, 2]) }];
    const stored: string[] = [];
    const tool = toolReturning(() => ({ result: 'img', media }));
    const withSink = createPipeline({
      tools: [tool],
      media: {
        put: (item) => {
          stored.push(item.mimeType);
          return { id: 'm1', mimeType: item.mimeType };
        },
      },
    });
    const outcome = await withSink.runTool({ name: 'T', input: {}, toolUseId: 'a' }).outcome;
    const without = await createPipeline({ tools: [tool] }).runTool({
      name: 'T',
      input: {},
      toolUseId: 'b',
    }).outcome;
    expect([outcome.media, stored, without.media, without.warnings]).toEqual([
      [{ id: 'm1', mimeType: 'image/png' }],
      ['image/png'],
      [],
      ['1 media item(s) dropped: no MediaSink is configured.'],
    ]);
  });
});

describe('createPipeline', () => {
  it('throws a TypeError naming a bad option', () => {
    expect(() => createPipeline({ tool: [] } as never)).toThrow(
      'createPipeline: unknown option `tool`',
    );
    expect(() => createPipeline({ asker: 'yes' as never })).toThrow(
      'createPipeline: asker must be a function, received string',
    );
    expect(() => createPipeline({ artifacts: {} as never })).toThrow(
      'createPipeline: artifacts must be an object with a put() method',
    );
    expect(() => createPipeline({ mode: 'yolo' as never })).toThrow(TypeError);
  });
});
