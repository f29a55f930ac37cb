import { describe, expect, it } from 'vitest';
import { type CallEvent, type Clock, evaluate, type ToolBinding, ToolDenied } from './index.js';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const read: ToolBinding = {
  inputSchema: { type: 'object', properties: { file_path: { type: 'string' } } },
  call: async (args) => `content of ${String(args.file_path)}`,
};

describe('evaluate', () => {
  it('runs a self tail call at constant depth', async () => {
    const outcome = await evaluate(
      '(defun spin (n) (if (= n 0) (quote done) (spin (- n 1)))) (spin 200000)',
      { limits: { recursionDepth: 5 } },
    );
    expect(outcome).toMatchObject({ success: true, printed: 'done' });
  });

  it('never overflows the host stack on deep guest recursion', async () => {
    const outcome = await evaluate(
      '(defun deep (n) (if (= n 0) 0 (+ 1 (deep (- n 1))))) (deep 300000)',
      { limits: { recursionDepth: 1_000_000 } },
    );
    expect(outcome).toMatchObject({ success: true, printed: '300000' });
  });

  it('never overflows the host stack when printing or comparing deep values', async () => {
    const outcome = await evaluate(
      '(let ((x nil)) (dotimes (i 200000) (setq x (list x))) (list (equal x x) (length (format "%S" x))))',
      { limits: { valueSize: 10_000_000 } },
    );
    expect(outcome).toMatchObject({ success: true, printed: '(t 400003)' });
  });

  it('yields to the event loop during long computation', async () => {
    let ticks = 0;
    let now = 0;
    const clock: Clock = {
      now: () => (now += 1),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      yield: async () => {
        ticks++;
        await new Promise((resolve) => setImmediate(resolve));
      },
    };
    const outcome = await evaluate('(let ((i 0)) (while (< i 200000) (setq i (+ i 1))) i)', {
      clock,
    });
    expect({ outcome: outcome.success, yielded: ticks > 0 }).toEqual({
      outcome: true,
      yielded: true,
    });
  });

  it('lets other callbacks run while the script computes', async () => {
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    const outcome = await evaluate('(let ((i 0)) (while (< i 1000000) (setq i (+ i 1))) i)');
    expect({ success: outcome.success, ran }).toEqual({ success: true, ran: true });
  });

  it('suspends at a tool call without blocking the event loop', async () => {
    const gate = deferred<string>();
    const tools: Record<string, ToolBinding> = { Wait: { call: () => gate.promise } };
    const running = evaluate('(concat (Wait) "!")', { tools });
    setImmediate(() => gate.resolve('opened'));
    expect(await running).toMatchObject({ success: true, printed: '"opened!"' });
  });

  it('settles as cancelled when aborted during a tool call, aborting the tool', async () => {
    const controller = new AbortController();
    let toolSignal: AbortSignal | undefined;
    const tools: Record<string, ToolBinding> = {
      Hang: {
        call: (_args, context) => {
          toolSignal = context.signal;
          setImmediate(() => controller.abort());
          return new Promise(() => {});
        },
      },
    };
    const outcome = await evaluate('(Hang)', { tools, signal: controller.signal });
    expect({ outcome, aborted: toolSignal?.aborted }).toEqual({
      outcome: {
        success: false,
        error: { kind: 'cancelled', message: 'the script was cancelled' },
        calls: [expect.objectContaining({ tool: 'Hang', status: 'cancelled' })],
      },
      aborted: true,
    });
  });

  it('stops an endless loop promptly when aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const outcome = await evaluate('(while t)', {
      signal: controller.signal,
      limits: { steps: 1e15 },
    });
    expect(outcome).toEqual({
      success: false,
      error: { kind: 'cancelled', message: 'the script was cancelled' },
      calls: [],
    });
  });

  it('enforces the wall-time budget with an injected clock', async () => {
    let now = 0;
    const clock: Clock = {
      now: () => (now += 50),
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    const outcome = await evaluate('(while t)', { clock, limits: { wallTime: 1000, steps: 1e15 } });
    expect(outcome).toMatchObject({
      success: false,
      error: { kind: 'budget', budget: 'wall-time' },
    });
  });

  it('keeps parallel results in source order, caps calls in flight and shares a batch id', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const events: CallEvent[] = [];
    const tools: Record<string, ToolBinding> = {
      Slow: {
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
        call: async (args) => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 10 - Number(args.n)));
          inFlight--;
          return Number(args.n) * 10;
        },
      },
    };
    const outcome = await evaluate('(parallel-map (lambda (n) (Slow :n n)) (list 1 2 3 4 5 6))', {
      tools,
      parallelism: 2,
      onEvent: (e) => events.push(e),
    });
    const batches = new Set(events.map((e) => e.batch));
    expect({
      printed: outcome.success && outcome.printed,
      maxInFlight,
      batches: [...batches],
      starts: events.filter((e) => e.type === 'call-start').length,
    }).toEqual({
      printed: '(10 20 30 40 50 60)',
      maxInFlight: 2,
      batches: ['batch-1'],
      starts: 6,
    });
  });

  it('launches no queued sibling after a denial inside parallel', async () => {
    const started: string[] = [];
    const tools: Record<string, ToolBinding> = {
      Read: {
        inputSchema: read.inputSchema,
        call: (args) => {
          started.push(String(args.file_path));
          return new Promise(() => {});
        },
      },
      Deny: { call: async () => Promise.reject(new ToolDenied('no')) },
    };
    const outcome = await evaluate(
      '(parallel (Read :file_path "a") (Deny) (Read :file_path "b"))',
      { tools, parallelism: 2 },
    );
    expect({ outcome, started }).toEqual({
      outcome: {
        success: false,
        error: { kind: 'tool-denied', message: 'permission denied: no' },
        calls: [
          expect.objectContaining({ tool: 'Read', status: 'cancelled' }),
          expect.objectContaining({ tool: 'Deny', status: 'denied' }),
        ],
      },
      started: ['a'],
    });
  });

  it('reports a direct call as direct with the tool result as JSON', async () => {
    const outcome = await evaluate('(Read :file_path "a.el")', { tools: { Read: read } });
    expect(outcome).toEqual({
      success: true,
      value: 'content of a.el',
      printed: '"content of a.el"',
      json: 'content of a.el',
      direct: true,
      calls: [
        {
          index: 1,
          tool: 'Read',
          arguments: { file_path: 'a.el' },
          direct: true,
          status: 'success',
          result: 'content of a.el',
        },
      ],
    });
  });

  it('reports a composed script as not direct', async () => {
    const outcome = await evaluate('(length (Read :file_path "a.el"))', { tools: { Read: read } });
    expect(outcome).toMatchObject({ success: true, printed: '15', json: 15, direct: false });
  });

  it('says where a budget stopped the script', async () => {
    const steps = await evaluate('(while t)', { limits: { steps: 1000 } });
    const calls = await evaluate('(dotimes (i 5) (Read :file_path "x"))', {
      tools: { Read: read },
      limits: { nestedCalls: 2 },
    });
    expect([steps, calls].map((o) => !o.success && o.error)).toEqual([
      {
        kind: 'budget',
        budget: 'steps',
        message: expect.stringMatching(
          /^steps budget exceeded: limit 1000 steps: stopped after \d+ steps$/,
        ),
      },
      {
        kind: 'budget',
        budget: 'nested-calls',
        message:
          'nested-calls budget exceeded: limit 2 calls: stopped before nested call Read at call 3',
      },
    ]);
  });

  it('lists every unknown name once, with suggestions', async () => {
    const outcome = await evaluate(
      "(if nil (seq-take 1 2) (list (seq-take 3 4) (frobnicate) (mapcr #'car nil)))",
    );
    expect(outcome).toEqual({
      success: false,
      error: {
        kind: 'preflight',
        message:
          "unknown functions: seq-take (did you mean take?), frobnicate, mapcr (did you mean mapcar?); calls resolve only to special forms, pure primitives, the script's definitions and the tool roster",
      },
      calls: [],
    });
  });

  it('fails an unknown operator before running tools in its arguments', async () => {
    let called = false;
    const outcome = await evaluate('(progn (nope (Read :file_path "x")))', {
      tools: {
        Read: {
          call: async () => {
            called = true;
            return 'x';
          },
        },
      },
    });
    expect({ kind: !outcome.success && outcome.error.kind, called }).toEqual({
      kind: 'preflight',
      called: false,
    });
  });

  it('refuses reserved tool names and malformed options as programmer mistakes', async () => {
    await expect(evaluate('1', { tools: { ToolCall: read } })).rejects.toThrow(TypeError);
    await expect(evaluate('1', { tools: { car: read } })).rejects.toThrow(TypeError);
    await expect(evaluate('1', { limits: { steps: -1 } })).rejects.toThrow(TypeError);
    await expect(evaluate('1', { parallelism: 0 })).rejects.toThrow(TypeError);
  });

  it('charges retained tool results cumulatively', async () => {
    const tools = { Chunk: { call: async () => 'x'.repeat(1000) } };
    const outcome = await evaluate('(dotimes (i 10) (Chunk))', {
      tools,
      limits: { retainedValues: 5000 },
    });
    expect(outcome).toMatchObject({
      success: false,
      error: { kind: 'budget', budget: 'retained-values' },
    });
  });

  it('ignores observer failures', async () => {
    const outcome = await evaluate('(Read :file_path "a")', {
      tools: { Read: read },
      onEvent: () => {
        throw new Error('observer bug');
      },
    });
    expect(outcome.success).toBe(true);
  });
});

describe('evaluate with unusual tool results', () => {
  it('turns a result nested too deeply into a guest error', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1500; i++) deep = [deep];
    const outcome = await evaluate('(Deep)', {
      tools: { Deep: { call: async () => deep } },
      limits: { valueSize: 1e7 },
    });
    expect(outcome).toMatchObject({
      success: true,
      printed: expect.stringMatching(
        /^\(:error "Deep returned (an unusable result|a value that is not JSON)/,
      ),
    });
  });

  it('turns a result that is not JSON into a guest error', async () => {
    const outcome = await evaluate('(Odd)', { tools: { Odd: { call: async () => ({ n: 1n }) } } });
    expect(outcome).toMatchObject({
      success: true,
      printed: '(:error "Odd returned a value that is not JSON")',
    });
  });

  it('maps JSON results to keyword plists, vectors and the JSON keywords', async () => {
    const outcome = await evaluate('(Json)', {
      tools: { Json: { call: async () => ({ a: [1, 2.5, true, false, null], b: 'x' }) } },
    });
    expect(outcome).toMatchObject({
      success: true,
      printed: '(:a [1 2.5 t :json-false :null] :b "x")',
    });
  });
});

describe('evaluate with joins over the call budget', () => {
  it('launches no call of a join that cannot fit the nested-call budget', async () => {
    let launched = 0;
    const tools = {
      Read: {
        call: async () => {
          launched += 1;
          return 'x';
        },
      },
    };
    const outcome = await evaluate(
      '(parallel-map (lambda (p) (Read :file_path p)) (list "a" "b" "c"))',
      { tools, limits: { nestedCalls: 2 } },
    );
    expect({ error: !outcome.success && outcome.error, launched }).toEqual({
      error: {
        kind: 'budget',
        budget: 'nested-calls',
        message:
          'nested-calls budget exceeded: limit 2 calls: stopped before nested call Read at call 3, in a join of 3 calls',
      },
      launched: 0,
    });
  });
});

describe('evaluate with hostile keys', () => {
  it('passes prototype-named keywords as plain own keys, never touching a prototype', async () => {
    let received: Record<string, unknown> | undefined;
    const tools = {
      Open: {
        call: async (args: Record<string, unknown>) => {
          received = args;
          return { __proto__: { polluted: true }, constructor: 1 } as unknown;
        },
      },
    };
    const outcome = await evaluate(
      '(Open :__proto__ (:polluted t) :constructor 2)'.replace('(:polluted t)', "'(:polluted t)"),
      { tools },
    );
    expect({
      own: received === undefined ? [] : Object.keys(received),
      prototype:
        received === undefined ? undefined : Object.getPrototypeOf(received) === Object.prototype,
      polluted: ({} as { polluted?: unknown }).polluted,
      printed: outcome.success && outcome.printed,
    }).toEqual({
      own: ['__proto__', 'constructor'],
      prototype: true,
      polluted: undefined,
      printed: '(:constructor 1)',
    });
  });
});
