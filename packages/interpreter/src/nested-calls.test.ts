import { describe, expect, it, vi } from 'vitest';
import {
  type CallEvent,
  type Clock,
  evaluate,
  type QueueEvent,
  type ToolBinding,
  type ToolCallContext,
  ToolDenied,
} from './index.js';

const echo: ToolBinding = {
  inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  call: async (args) => Number(args.n),
};

/** The host clock, counting the timers the evaluation sets. */
function countingClock(): { clock: Clock; timers: () => number } {
  let timers = 0;
  return {
    clock: {
      now: () => performance.now(),
      setTimeout: (callback, ms) => {
        timers++;
        return setTimeout(callback, ms);
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    timers: () => timers,
  };
}

describe('evaluate with many nested calls', () => {
  it('sets one deadline timer for the whole evaluation, however many calls wait', async () => {
    const { clock, timers } = countingClock();
    const outcome = await evaluate(
      '(let ((sum 0)) (dotimes (i 50) (setq sum (+ sum (Echo :n i)))) (list sum (length (parallel-map (lambda (n) (Echo :n n)) (let ((xs nil)) (dotimes (i 20) (push i xs)) xs)))))',
      { tools: { Echo: echo }, clock },
    );
    expect({ printed: outcome.success && outcome.printed, timers: timers() }).toEqual({
      printed: '(1225 20)',
      timers: 1,
    });
  });

  it('runs every turn of nested loops whose bodies call tools, settled at once or later', async () => {
    const settledAtOnce: ToolBinding = { ...echo, call: (args) => Number(args.n) };
    const script =
      '(let ((out nil)) (dotimes (i 3) (dolist (j (list 0 1 2)) (push (Echo :n (+ (* 10 i) j)) out))) (reverse out))';
    for (const tool of [echo, settledAtOnce]) {
      const outcome = await evaluate(script, { tools: { Echo: tool } });
      expect(outcome.success && outcome.printed).toBe('(0 1 2 10 11 12 20 21 22)');
    }
  });

  it('lets other callbacks run during a long chain of calls that settle at once', async () => {
    let ran = false;
    let seen = false;
    setImmediate(() => {
      ran = true;
    });
    const tools: Record<string, ToolBinding> = {
      Check: {
        call: async () => {
          seen ||= ran;
          return 1;
        },
      },
    };
    const outcome = await evaluate('(dotimes (i 60000) (Check)) "done"', {
      tools,
      limits: { nestedCalls: 60_000 },
    });
    expect({ success: outcome.success, seen }).toEqual({ success: true, seen: true });
  }, 30_000);

  it('passes every call the shared signal, its index, batch and whether the script is direct', async () => {
    const contexts: ToolCallContext[] = [];
    const tools: Record<string, ToolBinding> = {
      Echo: {
        inputSchema: echo.inputSchema,
        call: async (args, context) => {
          contexts.push(context);
          return Number(args.n);
        },
      },
    };
    await evaluate('(Echo :n 1)', { tools });
    await evaluate('(list (Echo :n 1) (parallel (Echo :n 2) (Echo :n 3)))', { tools });
    const signal = contexts[1]?.signal;
    expect(
      contexts.map(({ index, batch, direct, signal: s }) => ({
        index,
        batch,
        direct,
        shared: s === signal,
        aborted: s.aborted,
      })),
    ).toEqual([
      { index: 1, batch: undefined, direct: true, shared: false, aborted: false },
      { index: 1, batch: undefined, direct: false, shared: true, aborted: false },
      { index: 2, batch: 'batch-1', direct: false, shared: true, aborted: false },
      { index: 3, batch: 'batch-1', direct: false, shared: true, aborted: false },
    ]);
  });

  it('aborts running siblings when a parallel call is denied', async () => {
    const signals: AbortSignal[] = [];
    const tools: Record<string, ToolBinding> = {
      Hang: {
        call: (_args, context) => {
          signals.push(context.signal);
          return new Promise(() => {});
        },
      },
      Deny: { call: async () => Promise.reject(new ToolDenied('no')) },
    };
    const outcome = await evaluate('(parallel (Hang) (Hang) (Deny))', { tools });
    expect({
      outcome,
      aborted: signals.map((signal) => signal.aborted),
    }).toEqual({
      outcome: {
        success: false,
        error: { kind: 'tool-denied', message: 'permission denied: no' },
        calls: [
          {
            index: 1,
            tool: 'Hang',
            arguments: {},
            batch: 'batch-1',
            direct: false,
            status: 'cancelled',
          },
          {
            index: 2,
            tool: 'Hang',
            arguments: {},
            batch: 'batch-1',
            direct: false,
            status: 'cancelled',
          },
          {
            index: 3,
            tool: 'Deny',
            arguments: {},
            batch: 'batch-1',
            direct: false,
            status: 'denied',
            error: 'no',
          },
        ],
      },
      aborted: [true, true],
    });
  });

  it('reports calls waiting for a free parallel slot as queued, then started and ended', async () => {
    const events: CallEvent[] = [];
    await evaluate('(parallel-map (lambda (n) (Echo :n n)) (list 1 2 3))', {
      tools: { Echo: echo },
      parallelism: 1,
      onEvent: (event) => events.push(event),
    });
    expect(events.map((event) => `${event.type} ${event.index}`)).toEqual([
      'call-queued 2',
      'call-queued 3',
      'call-start 1',
      'call-end 1',
      'call-start 2',
      'call-end 2',
      'call-start 3',
      'call-end 3',
    ]);
  });

  it('tells onQueued of the calls that wait, one run per tool, with their batch, before any of the join starts', async () => {
    const queued: QueueEvent[] = [];
    const started: number[] = [];
    const outcome = await evaluate(
      `(list (Echo :n 0)
             (parallel-map (lambda (n) (Echo :n n)) (list 1 2 3 4))
             (parallel (Echo :n 5))
             (parallel (Echo :n 6) (Echo :n 7) (Echo :n 8) (Other :n 9) (Other :n 10) (Echo :n 11)))`,
      {
        tools: {
          Echo: {
            ...echo,
            call: (args, context) => {
              started.push(context.index);
              return echo.call(args, context);
            },
          },
          Other: echo,
        },
        parallelism: 2,
        onQueued: (event) => {
          // Before any call of its join has started.
          expect(started.at(-1)).toBe(event.type === 'calls-queued' && event.first > 6 ? 6 : 1);
          queued.push(event);
        },
      },
    );
    expect(outcome.success).toBe(true);
    expect(queued).toEqual([
      { type: 'calls-queued', first: 4, count: 2, tool: 'Echo', batch: 'batch-1' },
      { type: 'calls-queued', first: 9, count: 1, tool: 'Echo', batch: 'batch-2' },
      { type: 'calls-queued', first: 10, count: 2, tool: 'Other', batch: 'batch-2' },
      { type: 'calls-queued', first: 12, count: 1, tool: 'Echo', batch: 'batch-2' },
    ]);
  });

  it('tells onQueued when a waiting call is refused at its turn and never starts', async () => {
    const events: QueueEvent[] = [];
    const started: number[] = [];
    const outcome = await evaluate(
      '(parallel-map (lambda (n) (Echo :n n)) (list 1 2 (lambda () 3) 4))',
      {
        tools: {
          Echo: {
            ...echo,
            call: (args, context) => {
              started.push(context.index);
              return echo.call(args, context);
            },
          },
        },
        parallelism: 1,
        onQueued: (event) => events.push(event),
      },
    );
    expect(started).toEqual([1, 2, 4]);
    expect(events[0]).toEqual({
      type: 'calls-queued',
      first: 2,
      count: 3,
      tool: 'Echo',
      batch: 'batch-1',
    });
    expect(events[1]).toMatchObject({
      type: 'call-refused',
      index: 3,
      tool: 'Echo',
      batch: 'batch-1',
      error: expect.stringMatching(/invalid arguments for Echo/),
    });
    expect(events).toHaveLength(2);
    expect(outcome.success).toBe(true);
  });

  it('keeps the outcome when an onQueued observer throws', async () => {
    const outcome = await evaluate('(parallel-map (lambda (n) (Echo :n n)) (list 1 2 3))', {
      tools: { Echo: echo },
      parallelism: 1,
      onQueued: () => {
        throw new Error('observer failed');
      },
    });
    expect(outcome.success).toBe(true);
  });

  it('refuses an onQueued that is not a function', async () => {
    await expect(evaluate('1', { onQueued: 'yes' as unknown as () => void })).rejects.toThrow(
      'options.onQueued must be a function, received string',
    );
  });

  it('keeps a tool result in the audit only for a direct call', async () => {
    const outcome = await evaluate('(list (Echo :n 1) (Echo :n 2))', { tools: { Echo: echo } });
    expect(outcome).toEqual({
      success: true,
      value: expect.anything(),
      printed: '(1 2)',
      json: [1, 2],
      direct: false,
      calls: [
        { index: 1, tool: 'Echo', arguments: { n: 1 }, direct: false, status: 'success' },
        { index: 2, tool: 'Echo', arguments: { n: 2 }, direct: false, status: 'success' },
      ],
    });
  });

  it('fails a script waiting on a call past the wall-time budget', async () => {
    const tools: Record<string, ToolBinding> = { Hang: { call: () => new Promise(() => {}) } };
    const outcome = await evaluate('(list (Hang))', { tools, limits: { wallTime: 20 } });
    expect(outcome).toEqual({
      success: false,
      error: {
        kind: 'budget',
        budget: 'wall-time',
        message: expect.stringMatching(/^wall-time budget exceeded: limit 20 ms while waiting/),
      },
      calls: [{ index: 1, tool: 'Hang', arguments: {}, direct: false, status: 'cancelled' }],
    });
  });
});

describe('evaluate with a clock without yield', () => {
  it('returns to the event loop through setImmediate, never the clock timer', async () => {
    const { clock, timers } = countingClock();
    const outcome = await evaluate('(let ((i 0)) (while (< i 300000) (setq i (+ i 1))) i)', {
      clock,
    });
    expect({ printed: outcome.success && outcome.printed, timers: timers() }).toEqual({
      printed: '300000',
      timers: 0,
    });
  });

  it('returns to the event loop through a MessageChannel where setImmediate is missing', async () => {
    const { clock, timers } = countingClock();
    vi.stubGlobal('setImmediate', undefined);
    try {
      const outcome = await evaluate('(let ((i 0)) (while (< i 300000) (setq i (+ i 1))) i)', {
        clock,
      });
      expect({ printed: outcome.success && outcome.printed, timers: timers() }).toEqual({
        printed: '300000',
        timers: 0,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('evaluate with a tool named like a built-in', () => {
  it('throws a TypeError naming the tool and why it cannot be one', async () => {
    const names = ['car', 'let', 'nil', ':key', ''];
    const messages = await Promise.all(
      names.map((name) =>
        evaluate('1', { tools: { [name]: echo } }).then(
          () => 'resolved',
          (error: unknown) => `${(error as Error).constructor.name}: ${(error as Error).message}`,
        ),
      ),
    );
    expect(messages).toEqual([
      'TypeError: options.tools: "car" can never be a tool name: car is a built-in function of the dialect; rename or omit that tool',
      'TypeError: options.tools: "let" can never be a tool name: let is a special form of the dialect; rename or omit that tool',
      'TypeError: options.tools: "nil" can never be a tool name: nil is reserved (ToolCall, ToolSearch, nil and t are); rename or omit that tool',
      'TypeError: options.tools: ":key" can never be a tool name: names starting with ":" are keywords; rename or omit that tool',
      'TypeError: options.tools: "" can never be a tool name: a tool name cannot be empty; rename or omit that tool',
    ]);
  });
});
