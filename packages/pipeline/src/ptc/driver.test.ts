import type { Clock } from '@toolcall/interpreter';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalog } from '../catalog/catalog.js';
import { defineTool } from '../define-tool.js';
import type { PermissionAsker, PermissionRule } from '../permissions/types.js';
import { createPipeline, type PipelineOptions } from '../pipeline.js';
import type { Tool } from '../tool-types.js';
import { wrapTool } from '../wrap-tool.js';
import type { ToolCallProgress } from './audit.js';
import {
  createMemoryCheckpointStore,
  interruptedRecord,
  type ToolCallCheckpoint,
} from './checkpoint.js';
import { createToolCallDriver, type ToolCallOptions } from './driver.js';
import type { ScriptSpan } from './types.js';

function echoTool(name: string, extra: Partial<{ groups: string[] }> = {}): Tool {
  return defineTool({
    name,
    description: `${name} echoes its text.`,
    readOnly: true,
    ...extra,
    args: z.object({ text: z.string() }),
    handler: ({ text }) => text,
  }) as unknown as Tool;
}

function harness(
  tools: Tool[],
  options: {
    rules?: PermissionRule[];
    asker?: PermissionAsker;
    pipeline?: Partial<PipelineOptions>;
    driver?: Partial<ToolCallOptions>;
  } = {},
) {
  const pipeline = createPipeline({
    tools,
    rules: options.rules ?? [],
    ...(options.asker === undefined ? {} : { asker: options.asker }),
    ...options.pipeline,
  });
  const driver = createToolCallDriver({ pipeline, ...options.driver });
  const catalog = createCatalog({ tools, native: tools.map((tool) => tool.name) });
  const run = (expression: string, signal?: AbortSignal) =>
    driver.run({
      expression,
      envelopeId: 'E',
      catalog,
      ...(signal === undefined ? {} : { signal }),
    });
  return { pipeline, driver, run };
}

describe('ToolCallDriver', () => {
  it('aborts when the person denies a nested call mid-script', async () => {
    const { run } = harness([echoTool('Echo')], {
      rules: [{ tool: 'Echo', action: 'ask' }],
      asker: (request) => (request.toolUseId === 'E/2' ? 'deny' : 'allow-once'),
    });
    const settled = await run('(Echo :text "a") (Echo :text "b") (Echo :text "c")');
    expect([settled.status, settled.result]).toEqual([
      'error',
      [
        'Error: ToolCall aborted: permission denied: Echo (E/2): Permission denied: the user declined.',
        '',
        'Work already done (not rolled back): 1 of 2 nested calls succeeded.',
        '- E/1 Echo: success',
        '- E/2 Echo: denied',
      ].join('\n'),
    ]);
  });

  it('does not count time spent waiting for a person against the wall-time budget', async () => {
    let now = 0;
    const clock: Clock = {
      now: () => now,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    const slowTool = defineTool({
      name: 'Slow',
      description: 'Takes ten minutes of clock time.',
      readOnly: true,
      args: z.object({}),
      handler: () => {
        now += 600_000;
        return 'slow';
      },
    }) as unknown as Tool;
    const { run } = harness([echoTool('Echo'), slowTool], {
      rules: [{ tool: 'Echo', action: 'ask' }],
      asker: () => {
        now += 600_000;
        return 'allow-once';
      },
      driver: { clock, limits: { wallTime: 1000 } },
    });
    const asked = await run('(Echo :text "a") (Echo :text "b")');
    expect([asked.status, asked.result]).toEqual(['success', 'b']);
    const slow = await run('(Slow) (Echo :text "b")');
    expect(slow.renderData.failure).toEqual({
      kind: 'budget',
      budget: 'wall-time',
      message:
        'wall-time budget exceeded: limit 1000 ms: stopped before nested call Echo at call 2',
    });
  });

  it('does not count a handler waiting for a person (context.waitForPerson) against the wall-time budget', async () => {
    let now = 0;
    const clock: Clock = {
      now: () => now,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    // A question the tool itself asks: ten minutes of clock time pass before the answer.
    const answer = () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          now += 600_000;
          resolve('yes');
        }, 5),
      );
    const question = defineTool({
      name: 'Question',
      description: 'Asks the person a question.',
      readOnly: true,
      args: z.object({ waits: z.boolean() }),
      handler: async ({ waits }, context) =>
        waits ? await (context.waitForPerson?.(answer) ?? answer()) : await answer(),
    }) as unknown as Tool;
    const progress: ToolCallProgress[] = [];
    const { run } = harness([echoTool('Echo'), question], {
      driver: { clock, limits: { wallTime: 1000 }, onProgress: (item) => progress.push(item) },
    });
    const asked = await run('(Question :waits t) (Echo :text "after")');
    expect([asked.status, asked.result]).toEqual(['success', 'after']);
    expect(progress.map((item) => item.waiting)).toContain(1);
    expect(progress.at(-1)?.waiting).toBe(0);
    // The same wait, not marked as one, is ordinary time.
    const unmarked = await run('(Question :waits nil) (Echo :text "after")');
    expect(unmarked.renderData.failure).toMatchObject({ kind: 'budget', budget: 'wall-time' });
  });

  it('measures a child result in UTF-8 bytes, as the interpreter does: an emoji is 4', async () => {
    const { run } = harness([echoTool('Echo')], { driver: { childResultLimit: 80 } });
    // 20 emoji are 40 UTF-16 units but 80 bytes: at the limit. One more is over it.
    const at = await run(`(length (Echo :text "${'😀'.repeat(20)}"))`);
    expect([at.status, at.result]).toEqual(['success', '20']);
    const over = await run(`(let ((r (Echo :text "${'😀'.repeat(21)}"))) (plist-get r :error))`);
    expect(over.result).toBe(
      'Echo result of 84 bytes exceeds the nested result limit (80 bytes); narrow the call',
    );
  });

  it('turns an oversized child result into a bounded guest error before the audit keeps it', async () => {
    const { run } = harness([echoTool('Echo')], { driver: { childResultLimit: 10 } });
    const settled = await run('(let ((r (Echo :text "0123456789ABC"))) (plist-get r :error))');
    const message =
      'Echo result of 13 bytes exceeds the nested result limit (10 bytes); narrow the call';
    expect(settled.result).toBe(message);
    expect(settled.children).toEqual([
      {
        index: 1,
        id: 'E/1',
        tool: 'Echo',
        args: { text: '0123456789ABC' },
        batch: null,
        status: 'error',
        result: message,
        warning: false,
        renderData: null,
        permission: { decision: 'allow', source: 'mode', reason: 'read-only tool' },
      },
    ]);
  });

  it('charges the retained-values budget before parallel results enter the audit', async () => {
    const { run } = harness([echoTool('Echo')], { driver: { limits: { retainedValues: 500 } } });
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => letter.repeat(300));
    const settled = await run(
      `(parallel-map (lambda (s) (Echo :text s)) (list "${a}" "${b}" "${c}"))`,
    );
    const refusal =
      'Echo result of 300 bytes would exceed the retained-values budget (limit 500 bytes)';
    expect(settled.children.map((child) => [child.batch, child.status, child.result])).toEqual([
      ['batch-1', 'success', a],
      ['batch-1', 'error', refusal],
      ['batch-1', 'error', refusal],
    ]);
  });

  it('truncates argument strings and drops oversized aggregates in the audit', async () => {
    const { run } = harness([echoTool('Echo')], {
      driver: { auditBounds: { argumentString: 4, argumentsSize: 60 } },
    });
    const settled = await run(`(Echo :text "abcdefgh") (Echo :text "${'x'.repeat(200)}") "ok"`);
    expect(settled.renderData.childCalls.map((row) => row.args)).toEqual([
      { text: 'abcd… [4 more characters]' },
      { text: 'xxxx… [196 more characters]' },
    ]);
    const dropped = await createToolCallDriver({
      pipeline: createPipeline({ tools: [echoTool('Echo')] }),
      auditBounds: { argumentsSize: 10 },
    }).run({
      expression: '(Echo :text "a long enough text")',
      envelopeId: 'E',
      catalog: createCatalog({ tools: [echoTool('Echo')], native: ['Echo'] }),
    });
    // The audit drops them; the direct call's own row still shows the expression's literals.
    expect(dropped.children[0]?.args).toBeNull();
    expect(dropped.renderData.childCalls[0]?.args).toEqual({ text: 'a long enough text' });
  });

  it('returns a large direct result unchanged while its audit row keeps a bounded preview', async () => {
    const { run } = harness([echoTool('Echo')], {
      driver: { childResultLimit: 10, auditBounds: { directPreview: 4 } },
    });
    const settled = await run('(Echo :text "0123456789ABC")');
    expect([settled.status, settled.result, settled.children[0]?.status]).toEqual([
      'success',
      '0123456789ABC',
      'success',
    ]);
    expect(settled.children[0]?.result).toBe('0123… [9 more characters]');
  });

  it('renders a direct call as that tool: its full arguments and render data, counted once', async () => {
    const command = `echo ${'a'.repeat(300)} | wc -c`;
    const display = { kind: 'shell', lines: 'x'.repeat(5000) };
    const shell = defineTool({
      name: 'Shell',
      description: 'Runs a command.',
      readOnly: true,
      args: z.object({ command: z.string() }),
      handler: () => ({ result: 'r'.repeat(40), renderData: display }),
    }) as unknown as Tool;
    const progress: ToolCallProgress[] = [];
    const { run } = harness([shell], {
      driver: { childResultLimit: 10, onProgress: (item) => progress.push(item) },
    });
    const settled = await run(`(Shell :command ${JSON.stringify(command)})`);
    expect([settled.status, settled.result]).toEqual(['success', 'r'.repeat(40)]);
    expect(settled.renderData.childCalls).toEqual([
      {
        id: 'E/1',
        tool: 'Shell',
        args: { command },
        result: 'r'.repeat(40),
        status: 'success',
        batch: null,
        renderData: display,
      },
    ]);
    // The audit (and so any checkpoint) keeps only bounded copies.
    expect(settled.children[0]).toMatchObject({
      args: { command: `${command.slice(0, 200)}… [${command.length - 200} more characters]` },
      renderData: null,
    });
    expect(progress.at(-1)).toMatchObject({ completed: 1, failed: 0 });
    expect(settled.renderData.summary).toMatchObject({ calls: 1, succeeded: 1, failed: 0 });
  });

  it('hands a direct call its child media unchanged, stored once', async () => {
    const stored: string[] = [];
    const shot = defineTool({
      name: 'Shot',
      description: 'Takes a screenshot.',
      readOnly: true,
      args: z.object({}),
      handler: () => ({ result: 'a picture', media: [{ mimeType: 'image/png', data: 'AAAA' }] }),
    }) as unknown as Tool;
    const { run } = harness([shot], {
      pipeline: {
        media: {
          put: (_media, owner) => {
            stored.push(owner.toolUseId);
            return { id: `m-${stored.length}`, mimeType: 'image/png' };
          },
        },
      },
    });
    const settled = await run('(Shot)');
    expect([settled.direct, settled.result, settled.media, stored]).toEqual([
      true,
      'a picture',
      [{ id: 'm-1', mimeType: 'image/png' }],
      ['E/1'],
    ]);
  });

  it('runs a standalone-only tool only as the entire expression', async () => {
    const tools = [echoTool('Ask')];
    const { run } = harness(tools);
    expect((await run('(Ask :text "which?")')).result).toBe('which?');
    const composed = await run('(list (Ask :text "which?"))');
    expect(composed.status).toBe('error');
    expect(composed.renderData.failure?.kind).toBe('preflight');
  });

  it('collapses a returned value over the line threshold into a Returned row', async () => {
    const { run } = harness([echoTool('Echo')], { driver: { returnedLineThreshold: 2 } });
    const settled = await run('(Echo :text "x") "1\n2\n3"');
    expect(settled.renderData.returned).toEqual({ lines: 3, characters: 5, collapsed: true });
  });

  it('writes the envelope durably before the first nested call and at settlement', async () => {
    const store = createMemoryCheckpointStore();
    const seen: (readonly ToolCallCheckpoint[])[] = [];
    const journals: ToolCallCheckpoint[][] = [];
    const probe = defineTool({
      name: 'Probe',
      description: 'Looks at the checkpoint store.',
      readOnly: true,
      args: z.object({}),
      handler: async () => {
        seen.push(await store.list());
        journals.push(driver.journals());
        return 'seen';
      },
    }) as unknown as Tool;
    const { run, driver } = harness([probe], { driver: { checkpoints: store } });
    await run('(Probe) (Probe)');
    expect(seen[0]).toEqual([
      {
        version: 1,
        envelopeId: 'E',
        state: 'running',
        expression: '(Probe) (Probe)',
        children: [],
      },
    ]);
    // Between the two writes the child audit is journaled in memory only.
    expect(seen[1]).toEqual(seen[0]);
    expect(journals[1]?.[0]?.children.map((child) => [child.id, child.status])).toEqual([
      ['E/1', 'success'],
      ['E/2', 'running'],
    ]);
    expect(journals[1]?.[0]?.expression).toBe('(Probe) (Probe)');
    const [settled] = await store.list();
    expect([
      settled?.state,
      settled?.settlement,
      settled?.children.length,
      settled?.expression,
    ]).toEqual(['settled', { status: 'success', result: 'seen' }, 2, '(Probe) (Probe)']);
    expect(driver.journals()).toEqual([]);
  });

  it('cancels running children when the envelope is cancelled', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const hang = defineTool({
      name: 'Hang',
      description: 'Never finishes.',
      readOnly: true,
      args: z.object({}),
      handler: () => {
        started();
        return new Promise<string>(() => {});
      },
    }) as unknown as Tool;
    const pipeline = createPipeline({ tools: [hang] });
    const controller = new AbortController();
    const pending = createToolCallDriver({ pipeline }).run({
      expression: '(Hang)',
      envelopeId: 'E',
      catalog: createCatalog({ tools: [hang], native: ['Hang'] }),
      signal: controller.signal,
    });
    await running;
    controller.abort();
    const settled = await pending;
    expect([settled.status, settled.renderData.failure?.kind, settled.children[0]?.status]).toEqual(
      ['error', 'cancelled', 'cancelled'],
    );
  });
});

describe('ToolCallDriver with a parallel join over the parallelism cap', () => {
  /** A tool whose calls hang until the test ends them; `started` resolves at the Nth start. */
  function hanging(until: number) {
    let reached!: () => void;
    const started = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let count = 0;
    const tool = defineTool({
      name: 'Hang',
      description: 'Waits forever.',
      readOnly: true,
      args: z.object({ n: z.number().int() }),
      handler: () => {
        if (++count === until) reached();
        return new Promise<string>(() => {});
      },
    }) as unknown as Tool;
    return { tool, started };
  }

  it('audits, journals and publishes the calls waiting for a slot; cancelled, they settle as cancelled', async () => {
    const { tool, started } = hanging(2);
    const progress: ToolCallProgress[] = [];
    const { driver, run } = harness([tool], {
      driver: { parallelism: 2, onProgress: (item) => progress.push(item) },
    });
    const controller = new AbortController();
    const pending = run(
      '(parallel-map (lambda (n) (Hang :n n)) (list 1 2 3 4 5 6))',
      controller.signal,
    );
    await started;
    const [journal] = driver.journals();
    expect(
      journal?.children.map((child) => [child.id, child.status, child.args, child.batch]),
    ).toEqual([
      ['E/1', 'running', { n: 1 }, 'batch-1'],
      ['E/2', 'running', { n: 2 }, 'batch-1'],
      ['E/3', 'queued', null, 'batch-1'],
      ['E/4', 'queued', null, 'batch-1'],
      ['E/5', 'queued', null, 'batch-1'],
      ['E/6', 'queued', null, 'batch-1'],
    ]);
    expect(progress.at(-1)).toMatchObject({ active: ['Hang', 'Hang'], queued: 4, completed: 0 });
    const live = driver.cancelledRenderData('E');
    expect(live?.summary).toMatchObject({ calls: 6, cancelled: 6 });
    // The calls that never started say so; the two that ran were cancelled mid-call.
    const cancelledQueued = 'Cancelled: the script stopped before this queued call started.';
    expect(live?.childCalls.map((child) => child.result)).toEqual([
      'cancelled',
      'cancelled',
      ...Array(4).fill(cancelledQueued),
    ]);
    controller.abort();
    const settled = await pending;
    expect(settled.children.map((child) => [child.id, child.status, child.result])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [
        `E/${n}`,
        'cancelled',
        n <= 2 ? 'cancelled' : cancelledQueued,
      ]),
    );
    expect(settled.renderData.summary).toMatchObject({ calls: 6, cancelled: 6, batches: 1 });
    expect(settled.result).toContain('0 of 6 nested calls succeeded');
    expect(progress.at(-1)).toMatchObject({ queued: 0, cancelled: 6 });
  });

  it('journals the waiting calls of a parallel over several tools, each with its tool', async () => {
    const { tool, started } = hanging(1);
    const echo = echoTool('Echo');
    const { driver, run } = harness([tool, echo], { driver: { parallelism: 1 } });
    void run(
      '(parallel (Hang :n 1) (Echo :text "a") (Echo :text "b") (Hang :n 2) (Echo :text "c"))',
    );
    await started;
    expect(
      driver.journals()[0]?.children.map((child) => [child.id, child.tool, child.status]),
    ).toEqual([
      ['E/1', 'Hang', 'running'],
      ['E/2', 'Echo', 'queued'],
      ['E/3', 'Echo', 'queued'],
      ['E/4', 'Hang', 'queued'],
      ['E/5', 'Echo', 'queued'],
    ]);
  });

  it('gives each queued call its row once it starts, and leaves none queued when the join ends', async () => {
    const echo = echoTool('Echo');
    const progress: ToolCallProgress[] = [];
    const { run } = harness([echo], {
      driver: { parallelism: 1, onProgress: (item) => progress.push(item) },
    });
    const settled = await run('(parallel-map (lambda (s) (Echo :text s)) (list "a" "b" "c"))');
    expect(settled.children.map((child) => [child.id, child.status, child.args])).toEqual([
      ['E/1', 'success', { text: 'a' }],
      ['E/2', 'success', { text: 'b' }],
      ['E/3', 'success', { text: 'c' }],
    ]);
    expect(progress.map((item) => item.queued)).toContain(2);
    expect(progress.at(-1)).toMatchObject({ queued: 0, completed: 3 });
  });

  it('drops the row of a queued call whose arguments the interpreter refuses at its turn', async () => {
    const echo = echoTool('Echo');
    const { run } = harness([echo], { driver: { parallelism: 1 } });
    const settled = await run(
      '(parallel-map (lambda (s) (Echo :text s)) (list "a" (lambda () 1) "c"))',
    );
    expect(settled.status).toBe('success');
    expect(settled.children.map((child) => [child.id, child.status])).toEqual([
      ['E/1', 'success'],
      ['E/3', 'success'],
    ]);
  });

  it('counts only the calls that started as nested calls in its telemetry span', async () => {
    const { tool, started } = hanging(2);
    const spans: ScriptSpan[] = [];
    const { run } = harness([tool], {
      driver: { parallelism: 2, telemetry: (span) => spans.push(span) },
    });
    const controller = new AbortController();
    const pending = run(
      '(parallel-map (lambda (n) (Hang :n n)) (list 1 2 3 4 5 6))',
      controller.signal,
    );
    await started;
    controller.abort();
    const settled = await pending;
    expect(settled.children).toHaveLength(6);
    expect(spans.map((span) => [span.outcome, span.nestedCalls])).toEqual([['cancelled', 2]]);
  });

  it('recovers a journal with queued calls as interrupted, saying they never started', async () => {
    const { tool, started } = hanging(2);
    const { driver, run } = harness([tool], { driver: { parallelism: 2 } });
    void run('(parallel-map (lambda (n) (Hang :n n)) (list 1 2 3))');
    await started;
    const [journal] = driver.journals();
    const recovered = interruptedRecord(journal as ToolCallCheckpoint);
    expect(
      recovered.renderData.childCalls.map((child) => [child.id, child.status, child.result]),
    ).toEqual([
      ['E/1', 'interrupted', 'Interrupted: the session ended before this call settled.'],
      ['E/2', 'interrupted', 'Interrupted: the session ended before this call settled.'],
      ['E/3', 'interrupted', 'Interrupted: the session ended before this queued call started.'],
    ]);
    expect(recovered.result).toContain('- E/3 Hang: interrupted');
  });
});

describe('createToolCallDriver options', () => {
  it('refuses a bad budget when the driver is made, naming it', () => {
    const pipeline = createPipeline({ tools: [] });
    expect(() => createToolCallDriver({ pipeline, limits: { steps: -1 } })).toThrow(
      new TypeError(
        'createToolCallDriver: options.limits.steps must be a positive number, received -1',
      ),
    );
    expect(() =>
      createToolCallDriver({ pipeline, limits: { stepz: 5 } as unknown as { steps: number } }),
    ).toThrow(
      /createToolCallDriver: options\.limits\.stepz is not a budget; expected one of scriptBytes/,
    );
  });
});

describe('ToolCallDriver with wrapped tools and hosts', () => {
  const search = wrapTool({
    category: 'github',
    name: 'search',
    description: 'Search code.',
    readOnly: true,
    source: () => ({
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      call: ({ q }) => `found ${String(q)}`,
    }),
  });

  it('calls a wrapped tool by category/name; composing it needs admission', async () => {
    const pipeline = createPipeline({ tools: [search] });
    const driver = createToolCallDriver({ pipeline });
    const run = (expression: string, composable: string[]) =>
      driver.run({
        expression,
        envelopeId: 'E',
        catalog: createCatalog({
          tools: [search],
          discoverable: [],
          native: ['github/search'],
          composable,
        }),
      });
    const composed = '(concat (github/search :q "x") "!")';
    expect((await run('(github/search :q "x")', [])).result).toBe('found x');
    expect((await run(composed, [])).renderData.failure?.kind).toBe('preflight');
    expect((await run(composed, ['github/search'])).result).toBe('found x!');
  });

  it('refuses a registered tool that is not in the request catalog', async () => {
    const pipeline = createPipeline({ tools: [search, echoTool('Echo')] });
    const settled = await createToolCallDriver({ pipeline }).run({
      expression: '(Echo :text "x")',
      envelopeId: 'E',
      catalog: createCatalog({ tools: pipeline.tools(), discoverable: ['web'] }),
    });
    expect([settled.status, settled.renderData.failure?.kind, settled.children]).toEqual([
      'error',
      'preflight',
      [],
    ]);
  });

  it('removes the running checkpoint and warns when the settlement cannot be written', async () => {
    const saved = createMemoryCheckpointStore();
    let writes = 0;
    const warnings: string[] = [];
    const { run } = harness([echoTool('Echo')], {
      driver: {
        checkpoints: {
          write: (checkpoint) => {
            if (++writes === 2) throw new Error('disk full');
            return saved.write(checkpoint);
          },
          list: () => saved.list(),
          remove: (id) => saved.remove(id),
        },
        onWarning: (message) => warnings.push(message),
      },
    });
    expect((await run('(Echo :text "x")')).status).toBe('success');
    // A running checkpoint left behind would be recovered as interrupted.
    expect(await saved.list()).toEqual([]);
    expect(warnings).toEqual([
      'The ToolCall settlement checkpoint of E could not be written (disk full); it was removed.',
    ]);
  });

  it('starts no nested call when the first checkpoint cannot be written', async () => {
    let calls = 0;
    const counted = defineTool({
      name: 'Counted',
      description: 'Counts its calls.',
      readOnly: true,
      args: z.object({}),
      handler: () => String(++calls),
    }) as unknown as Tool;
    const settled = await createToolCallDriver({
      pipeline: createPipeline({ tools: [counted] }),
      checkpoints: {
        write: () => Promise.reject(new Error('disk full')),
        list: () => [],
        remove: () => {},
      },
    }).run({
      expression: '(Counted)',
      envelopeId: 'E',
      catalog: createCatalog({ tools: [counted], native: ['Counted'] }),
    });
    expect([settled.status, settled.result, calls]).toEqual([
      'error',
      'Error: ToolCall failed (host): the envelope checkpoint could not be written: disk full',
      0,
    ]);
  });
});
