import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalog } from '../catalog/catalog.js';
import { defineTool } from '../define-tool.js';
import type { PipelineEvent } from '../events.js';
import type { HookRegistration } from '../hook-types.js';
import type { PermissionAsker, PermissionRule } from '../permissions/types.js';
import { createPipeline } from '../pipeline.js';
import { grepTool, readTool } from '../testing/ptc-tools.js';
import type { Tool } from '../tool-types.js';
import type { ToolCallProgress } from './audit.js';
import { createToolCallDriver, type ToolCallOptions } from './driver.js';
import { createToolCallTool, projectToolCall } from './tool-call-tool.js';
import type { ScriptSpan } from './types.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ptc-'));
  await writeFile(join(root, 'a.txt'), 'alpha\nTODO: one\n');
  await writeFile(join(root, 'b.txt'), 'beta\n');
  await writeFile(join(root, '.env'), 'SECRET=1\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

function setup(
  options: {
    tools?: Tool[];
    rules?: PermissionRule[];
    asker?: PermissionAsker;
    hooks?: HookRegistration[];
    driver?: Partial<ToolCallOptions>;
  } = {},
) {
  const pipeline = createPipeline({
    tools: [readTool, grepTool, ...(options.tools ?? [])],
    rules: options.rules ?? [],
    hooks: options.hooks ?? [],
    ...(options.asker === undefined ? {} : { asker: options.asker }),
  });
  const driver = createToolCallDriver({ pipeline, ...options.driver });
  const catalog = () =>
    createCatalog({ tools: pipeline.tools(), native: pipeline.tools().map((tool) => tool.name) });
  pipeline.register(createToolCallTool({ driver, catalog }));
  const events: PipelineEvent[] = [];
  pipeline.subscribe((event) => events.push(event));
  const call = (expression: string, toolUseId = 'E1') =>
    pipeline.runTool({ name: 'ToolCall', input: { expression }, toolUseId }).outcome;
  return { pipeline, call, events };
}

describe('ToolCall', () => {
  it('reads and greps real files through the real pipeline as nested ptc calls', async () => {
    const { call, events } = setup();
    const a = JSON.stringify(join(root, 'a.txt'));
    const outcome = await call(
      `(let ((hits (Grep :pattern "TODO" :path ${JSON.stringify(root)})))
         (list (length (split-string hits "\\n" t)) (Read :file_path ${a} :limit 1)))`,
    );
    expect(outcome.status).toBe('success');
    expect(outcome.result).toBe('(1 "     1\talpha")');
    const nested = events.filter((event) => event.type === 'settled' && event.source === 'ptc');
    expect(nested.map((event) => [event.toolUseId, event.toolName, event.parentId])).toEqual([
      ['E1/1', 'Grep', 'E1'],
      ['E1/2', 'Read', 'E1'],
    ]);
    expect(outcome.renderData).toMatchObject({
      kind: 'toolcall',
      presentation: 'script',
      renderAs: 'ToolCall',
      header: { title: 'ToolCall: 2 calls', status: 'success' },
      summary: {
        calls: 2,
        succeeded: 2,
        failed: 0,
        denied: 0,
        cancelled: 0,
        interrupted: 0,
        batches: 0,
      },
      returned: { lines: 1, characters: 18, collapsed: false },
      failure: null,
    });
    expect(outcome.renderData?.childCalls).toEqual([
      {
        id: 'E1/1',
        tool: 'Grep',
        args: { pattern: 'TODO', path: root },
        result: `${join(root, 'a.txt')}:2:TODO: one`,
        status: 'success',
        batch: null,
        renderData: null,
      },
      {
        id: 'E1/2',
        tool: 'Read',
        args: { file_path: join(root, 'a.txt'), limit: 1 },
        result: '     1\talpha',
        status: 'success',
        batch: null,
        renderData: null,
      },
    ]);
  });

  it('returns a direct call as the underlying tool: its result, status and render target', async () => {
    const { call } = setup();
    const outcome = await call(`(Read :file_path ${JSON.stringify(join(root, 'b.txt'))})`);
    expect(outcome.status).toBe('success');
    expect(outcome.result).toBe('     1\tbeta');
    expect(outcome.renderData).toMatchObject({
      presentation: 'direct',
      renderAs: 'Read',
      header: { title: 'Read', status: 'success' },
      childCalls: [{ id: 'E1/1', tool: 'Read', status: 'success', result: '     1\tbeta' }],
    });
  });

  it("projects a direct call with the underlying tool's own output limit", async () => {
    const big = defineTool({
      name: 'Big',
      description: 'Returns 40,000 characters.',
      readOnly: true,
      args: z.object({}),
      handler: () => 'b'.repeat(40_000),
    }) as unknown as Tool;
    const page = defineTool({
      name: 'Page',
      description: 'Returns 45,000 characters.',
      readOnly: true,
      maxResultSize: 50_000,
      args: z.object({}),
      handler: () => 'p'.repeat(45_000),
    }) as unknown as Tool;
    const { pipeline, call } = setup({ tools: [big, page] });
    for (const [name, length] of [
      ['Big', 40_000],
      ['Page', 45_000],
    ] as const) {
      const native = await pipeline.project(
        await pipeline.runTool({ name, input: {}, toolUseId: `N-${name}` }).outcome,
      );
      const direct = await projectToolCall(pipeline, await call(`(${name})`, `E-${name}`));
      expect(native.text).toHaveLength(length);
      expect(direct.text).toBe(native.text);
    }
    // A composed script is the envelope's own result: ToolCall's 30,000 limit applies.
    const script = await projectToolCall(pipeline, await call('(let ((r (Big))) r)', 'E-script'));
    expect(script.text).toMatch(/^<persisted-output>\nOutput too large \(40000 chars\)/);
  });

  it('gives an ordinary failure to the script as (:error …) and goes on', async () => {
    const { call } = setup();
    const missing = JSON.stringify(join(root, 'missing.txt'));
    const outcome = await call(
      `(let ((r (Read :file_path ${missing}))) (if (plist-get r :error) "unreadable" r))`,
    );
    expect([outcome.status, outcome.result]).toEqual(['success', 'unreadable']);
    expect(outcome.renderData?.childCalls).toMatchObject([{ id: 'E1/1', status: 'error' }]);
  });

  it('aborts on a denial mid-script with a bounded summary; earlier calls stay in the audit', async () => {
    const { call } = setup({ rules: [{ tool: '*', path: '**/.env', action: 'deny' }] });
    const outcome = await call(
      `(Read :file_path ${JSON.stringify(join(root, 'a.txt'))})
       (Read :file_path ${JSON.stringify(join(root, '.env'))})
       (Read :file_path ${JSON.stringify(join(root, 'b.txt'))})`,
    );
    expect(outcome.status).toBe('error');
    expect(outcome.result).toBe(
      [
        `Error: ToolCall aborted: permission denied: Read (E1/2): Permission denied: deny rule for * path **/.env.`,
        '',
        'Work already done (not rolled back): 1 of 2 nested calls succeeded.',
        '- E1/1 Read: success',
        '- E1/2 Read: denied',
      ].join('\n'),
    );
    expect(outcome.renderData).toMatchObject({
      header: { title: 'ToolCall: 2 calls (1 denied)', status: 'error' },
      failure: { kind: 'tool-denied', budget: null },
    });
    const rows = outcome.renderData?.childCalls as { id: string; status: string }[];
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      ['E1/1', 'success'],
      ['E1/2', 'denied'],
    ]);
  });

  it('lets a hook rewrite a nested call and delivers its context to the envelope projection', async () => {
    const b = join(root, 'b.txt');
    const seen: unknown[][] = [];
    const { pipeline, call } = setup({
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Read',
          run: (input) => {
            seen.push([input.tool_use_id, input.source, input.parent_tool_use_id]);
            return input.tool_use_id === 'E1/1'
              ? { updated_input: { file_path: b }, additional_context: 'Read was redirected.' }
              : undefined;
          },
        },
      ],
    });
    const outcome = await call(`(Read :file_path ${JSON.stringify(join(root, 'a.txt'))}) "done"`);
    expect(outcome.result).toBe('done');
    expect(seen).toEqual([['E1/1', 'ptc', 'E1']]);
    // The audit row shows the arguments that ran, so it is headed by b.txt like its body.
    const rows = outcome.renderData?.childCalls as { args: unknown; result: unknown }[];
    expect(rows.map((row) => [row.args, row.result])).toEqual([[{ file_path: b }, '     1\tbeta']]);
    const projected = await projectToolCall(pipeline, outcome);
    expect(projected.text).toBe('done\n\nRead was redirected.');
  });

  it('audits the guest arguments when the pipeline only filled defaults or dropped a nil', async () => {
    const echo = defineTool({
      name: 'Echo',
      description: 'Echoes its arguments.',
      readOnly: true,
      args: z.object({
        text: z.string(),
        times: z.number().int().default(1),
        note: z.string().optional(),
        tag: z.string().optional(),
      }),
      handler: (args) => JSON.stringify(args),
    }) as unknown as Tool;
    const { call } = setup({
      tools: [echo],
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Echo',
          // A rewrite that only adds an argument the guest left out.
          run: (input) =>
            input.tool_use_id === 'E1/3'
              ? { updated_input: { ...(input.tool_input as object), tag: 'hooked' } }
              : undefined,
        },
      ],
    });
    const outcome = await call(
      '(Echo :text "a") (Echo :text "b" :note nil) (Echo :text "c") "done"',
    );
    expect(outcome.result).toBe('done');
    const rows = outcome.renderData?.childCalls as { args: unknown; result: unknown }[];
    expect(rows.map((row) => [row.args, row.result])).toEqual([
      [{ text: 'a' }, '{"text":"a","times":1}'],
      [{ text: 'b', note: null }, '{"text":"b","times":1}'],
      [{ text: 'c', times: 1, tag: 'hooked' }, '{"text":"c","times":1,"tag":"hooked"}'],
    ]);
  });

  it('keeps a parallel-map in input order when its calls finish out of order', async () => {
    const releases = new Map<number, () => void>();
    const started: number[] = [];
    const slow = defineTool({
      name: 'Slow',
      description: 'Waits until released.',
      readOnly: true,
      args: z.object({ n: z.number().int() }),
      handler: ({ n }) =>
        new Promise<string>((resolve) => {
          started.push(n);
          releases.set(n, () => resolve(`done ${n}`));
          if (started.length === 3) for (const m of [3, 1, 2]) releases.get(m)?.();
        }),
    }) as unknown as Tool;
    const progress: ToolCallProgress[] = [];
    const { call } = setup({
      tools: [slow],
      driver: { parallelism: 3, onProgress: (item) => progress.push(item) },
    });
    const outcome = await call('(parallel-map (lambda (n) (Slow :n n)) (list 1 2 3))');
    expect(outcome.result).toBe('("done 1" "done 2" "done 3")');
    const rows = outcome.renderData?.childCalls as { id: string; batch: string }[];
    expect(rows.map((row) => [row.id, row.batch])).toEqual([
      ['E1/1', 'batch-1'],
      ['E1/2', 'batch-1'],
      ['E1/3', 'batch-1'],
    ]);
    expect(progress.at(-1)).toEqual({
      envelopeId: 'E1',
      active: [],
      completed: 3,
      failed: 0,
      denied: 0,
      cancelled: 0,
      queued: 0,
      waiting: 0,
    });
    expect(progress).toContainEqual({
      envelopeId: 'E1',
      active: ['Slow', 'Slow', 'Slow'],
      completed: 0,
      failed: 0,
      denied: 0,
      cancelled: 0,
      queued: 0,
      waiting: 0,
    });
  });

  it('suspends on an ask mid-script, then goes on when the person allows', async () => {
    let answer: (value: 'allow-once' | 'deny') => void = () => {};
    const progress: ToolCallProgress[] = [];
    let prompted!: () => void;
    const prompt = new Promise<void>((resolve) => {
      prompted = resolve;
    });
    const { call } = setup({
      // Absolute: a relative pattern never reaches outside the working directory.
      rules: [{ tool: 'Read', path: join(root, '**/b.txt'), action: 'ask' }],
      asker: () =>
        new Promise((resolve) => {
          answer = resolve;
          prompted();
        }),
      driver: { onProgress: (item) => progress.push(item), limits: { wallTime: 60_000 } },
    });
    const pending = call(
      `(list (Read :file_path ${JSON.stringify(join(root, 'a.txt'))} :limit 1)
             (Read :file_path ${JSON.stringify(join(root, 'b.txt'))}))`,
    );
    await prompt;
    expect(progress.at(-1)).toMatchObject({ active: ['Read'], completed: 1, waiting: 1 });
    answer('allow-once');
    const outcome = await pending;
    expect(outcome.result).toBe('("     1\talpha" "     1\tbeta")');
    expect(progress.at(-1)).toMatchObject({ active: [], completed: 2, waiting: 0 });
  });

  it('records one redacted telemetry span per script', async () => {
    const spans: ScriptSpan[] = [];
    const { call } = setup({ driver: { telemetry: (span) => spans.push(span) } });
    await call(`(Read :file_path ${JSON.stringify(join(root, 'a.txt'))}) (+ 1 2)`);
    expect(spans).toEqual([
      {
        name: 'ptc-script',
        outcome: 'success',
        budget: undefined,
        nestedCalls: 1,
        durationMs: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(spans)).not.toContain('a.txt');
  });
});

describe('the ToolCall description', () => {
  it('ends by naming the dialect manual', () => {
    const { pipeline } = setup();
    expect(
      pipeline
        .tool('ToolCall')
        ?.description.endsWith(' More: Read toolcall://toolcall-dialect.md.'),
    ).toBe(true);
  });
});

describe('a ToolCall cancelled mid-script', () => {
  it('settles at once, still showing the nested calls made so far', async () => {
    let started!: () => void;
    const waiting = new Promise<void>((resolve) => {
      started = resolve;
    });
    const hang = defineTool({
      name: 'Hang',
      description: 'Waits until cancelled.',
      readOnly: true,
      args: z.object({}),
      handler: (_args, context) =>
        new Promise<string>((resolve) => {
          started();
          context.signal.addEventListener('abort', () => resolve('stopped'));
        }),
    }) as unknown as Tool;
    const { pipeline } = setup({ tools: [hang] });
    const a = JSON.stringify(join(root, 'a.txt'));
    const run = pipeline.runTool({
      name: 'ToolCall',
      input: { expression: `(progn (Read :file_path ${a} :limit 1) (Hang))` },
      toolUseId: 'E9',
    });
    await waiting;
    run.cancel();
    const outcome = await run.outcome;
    expect([outcome.status, outcome.result]).toEqual([
      'error',
      'Error: The tool call was cancelled.',
    ]);
    // The model is told which calls took effect; the rows already show it to a person.
    expect((await projectToolCall(pipeline, outcome)).text).toBe(
      [
        'Error: The tool call was cancelled.',
        '',
        'Work already done (not rolled back): 1 of 2 nested calls succeeded.',
        '- E9/1 Read: success',
        '- E9/2 Hang: cancelled',
      ].join('\n'),
    );
    expect(outcome.renderData).toMatchObject({
      kind: 'toolcall',
      header: { title: 'ToolCall: 2 calls (1 cancelled)', status: 'cancelled' },
      summary: { calls: 2, succeeded: 1, cancelled: 1 },
      childCalls: [
        { tool: 'Read', status: 'success' },
        { tool: 'Hang', status: 'cancelled' },
      ],
      failure: { kind: 'cancelled' },
    });
  });

  it('withdraws a pending ask when the script is cancelled; a late answer changes nothing', async () => {
    let late: (answer: 'allow-always') => void = () => {};
    let asked!: (signal: AbortSignal) => void;
    const prompt = new Promise<AbortSignal>((resolve) => {
      asked = resolve;
    });
    const ran: string[] = [];
    const touch = defineTool({
      name: 'Touch',
      description: 'Records that it ran.',
      readOnly: true,
      args: z.object({}),
      handler: () => {
        ran.push('Touch');
        return 'touched';
      },
    }) as unknown as Tool;
    const progress: ToolCallProgress[] = [];
    const { pipeline } = setup({
      tools: [touch],
      rules: [{ tool: 'Touch', action: 'ask' }],
      asker: (request) =>
        new Promise((resolve) => {
          late = resolve;
          asked(request.signal);
        }),
      driver: { onProgress: (item) => progress.push(item) },
    });
    const rules = pipeline.rules().length;
    const run = pipeline.runTool({
      name: 'ToolCall',
      input: { expression: `(Read :file_path ${JSON.stringify(join(root, 'a.txt'))}) (Touch)` },
      toolUseId: 'E5',
    });
    const signal = await prompt;
    expect([signal.aborted, progress.at(-1)?.waiting]).toEqual([false, 1]);
    run.cancel();
    const outcome = await run.outcome;
    const published = progress.length;
    expect(signal.aborted).toBe(true);
    expect(progress.at(-1)).toEqual({
      envelopeId: 'E5',
      active: [],
      completed: 1,
      failed: 0,
      denied: 0,
      cancelled: 1,
      queued: 0,
      waiting: 0,
    });
    late('allow-always');
    await new Promise((resolve) => setImmediate(resolve));
    expect([ran, pipeline.rules().length, progress.length]).toEqual([[], rules, published]);
    expect(outcome.renderData?.summary).toMatchObject({ succeeded: 1, cancelled: 1, failed: 0 });
  });

  it('keeps the plain cancellation when a tool gives no render data for it', async () => {
    const slow = defineTool({
      name: 'Slow',
      description: 'Waits.',
      readOnly: true,
      args: z.object({}),
      handler: () => new Promise<string>(() => {}),
    }) as unknown as Tool;
    const pipeline = createPipeline({ tools: [slow] });
    const run = pipeline.runTool({ name: 'Slow', input: {}, toolUseId: 's1' });
    run.cancel();
    expect((await run.outcome).renderData).toBeUndefined();
  });
});
