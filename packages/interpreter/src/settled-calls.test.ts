import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.js';
import {
  type CallEvent,
  type Clock,
  evaluate,
  type Outcome,
  SettledCall,
  type ToolBinding,
  ToolDenied,
} from './index.js';

const schema = { type: 'object', properties: { n: { type: 'integer' } } };

/** A SettledCall that logs when the script takes it. */
class Logged extends SettledCall {
  constructor(
    readonly log: string[],
    readonly label: string,
    readonly work: () => unknown,
  ) {
    super();
  }
  take(): unknown {
    this.log.push(`take ${this.label}`);
    return this.work();
  }
}

type Run = { outcome: Outcome; events: CallEvent[] };

async function run(
  source: string,
  tools: Record<string, ToolBinding>,
  options: { parallelism?: number; signal?: AbortSignal } = {},
): Promise<Run> {
  const events: CallEvent[] = [];
  const outcome = await evaluate(source, {
    tools,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { outcome, events };
}

/** The same tool three ways: resolving a promise, returning at once, returning a SettledCall. */
function threeWays(work: (n: number) => unknown): Array<Record<string, ToolBinding>> {
  return [
    { Tool: { inputSchema: schema, call: async (args) => work(Number(args.n)) } },
    { Tool: { inputSchema: schema, call: (args) => work(Number(args.n)) } },
    {
      Tool: {
        inputSchema: schema,
        call: (args) => new Logged([], String(args.n), () => work(Number(args.n))),
      },
    },
  ];
}

function comparable({ outcome, events }: Run): unknown {
  const { value: _value, ...rest } = outcome as Outcome & { value?: unknown };
  return { rest, events };
}

describe('a tool call that settles during call', () => {
  it('gives the same outcome and events as a resolved promise', async () => {
    const work = (n: number): unknown =>
      n % 5 === 0 ? { error: `bad ${n}` } : n % 7 === 0 ? () => 0 : { n, twice: [n, n] };
    const source =
      '(list (Tool :n 1) (Tool :n 5) (funcall (quote Tool) :m 2) (parallel (Tool :n 3) (Tool :n 7)) (parallel-map (lambda (n) (Tool :n n)) (list 10 11 12 13 14 15)) (Tool :n 2))';
    const runs = await Promise.all(
      threeWays(work).map((tools) => run(source, tools, { parallelism: 2 })),
    );
    expect(runs.map(comparable)).toEqual([
      comparable(runs[0] as Run),
      comparable(runs[0] as Run),
      comparable(runs[0] as Run),
    ]);
    expect(runs[0]?.outcome.success && runs[0].outcome.printed).toBe(
      '((:n 1 :twice [1 1]) (:error "bad 5") (:error "invalid arguments for Tool: unknown keyword :m; accepted: :n") ((:n 3 :twice [3 3]) (:error "Tool returned a value that is not JSON")) ((:error "bad 10") (:n 11 :twice [11 11]) (:n 12 :twice [12 12]) (:n 13 :twice [13 13]) (:error "Tool returned a value that is not JSON") (:error "bad 15")) (:n 2 :twice [2 2]))',
    );
  });

  it('takes a join’s settled calls in generations: those ready together, then those they launched', async () => {
    const log: string[] = [];
    const tools: Record<string, ToolBinding> = {
      Tool: {
        inputSchema: schema,
        call: (args) => {
          log.push(`call ${args.n}`);
          return new Logged(log, String(args.n), () => Number(args.n) * 10);
        },
      },
    };
    const { outcome } = await run('(parallel-map (lambda (n) (Tool :n n)) (list 1 2 3 4))', tools, {
      parallelism: 2,
    });
    expect({ printed: outcome.success && outcome.printed, log }).toEqual({
      printed: '(10 20 30 40)',
      log: ['call 1', 'call 2', 'take 1', 'take 2', 'call 3', 'call 4', 'take 3', 'take 4'],
    });
  });

  it('aborts the script when a settled call is denied, as a rejected one does', async () => {
    const deny = (): never => {
      throw new ToolDenied('no');
    };
    const sources = [
      '(list (Tool :n 1) (Tool :n 2) (Tool :n 3))',
      '(parallel (Tool :n 1) (Tool :n 2))',
    ];
    for (const source of sources) {
      const runs = await Promise.all(
        threeWays((n) => (n === 2 ? deny() : n)).map((tools) => run(source, tools)),
      );
      expect(runs.map(comparable)).toEqual(runs.map(() => comparable(runs[0] as Run)));
      expect(runs[0]?.outcome.success === false && runs[0].outcome.error).toEqual({
        kind: 'tool-denied',
        message: 'permission denied: no',
      });
    }
  });

  it('still returns to the event loop during a long chain of calls that settle at once', async () => {
    let ran = false;
    let seen = false;
    setImmediate(() => {
      ran = true;
    });
    const tools: Record<string, ToolBinding> = {
      Check: {
        call: () => {
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

  it('turns a synchronous throw into the call’s error value', async () => {
    const tools: Record<string, ToolBinding> = {
      Tool: {
        call: () => {
          throw new Error('boom');
        },
      },
    };
    const { outcome } = await run('(list (Tool) (parallel (Tool) (Tool)))', tools);
    expect(outcome.success && outcome.printed).toBe(
      '((:error "boom") ((:error "boom") (:error "boom")))',
    );
  });

  it('stops at the call during which the evaluation was cancelled, as a waiting one does', async () => {
    const cancelAtThird = async (sync: boolean): Promise<{ run: Run; calls: number }> => {
      const controller = new AbortController();
      let calls = 0;
      const call = (): number => {
        if (++calls === 3) controller.abort();
        return calls;
      };
      const tools: Record<string, ToolBinding> = {
        Tool: { call: sync ? call : async () => call() },
      };
      const result = await run('(dotimes (i 10) (Tool)) "done"', tools, {
        signal: controller.signal,
      });
      return { run: result, calls };
    };
    const [waiting, settled] = [await cancelAtThird(false), await cancelAtThird(true)];
    expect(comparable(settled.run)).toEqual(comparable(waiting.run));
    expect({
      error: !settled.run.outcome.success && settled.run.outcome.error,
      calls: settled.calls,
    }).toEqual({
      error: { kind: 'cancelled', message: 'the script was cancelled' },
      calls: 3,
    });
  });

  it('charges settled results to the retained-values budget, as waited ones', async () => {
    const runs = await Promise.all(
      threeWays(() => 'x'.repeat(400)).map((tools) =>
        evaluate('(dotimes (i 10) (Tool :n i)) "done"', {
          tools,
          limits: { retainedValues: 1000 },
        }),
      ),
    );
    expect(runs.map((outcome) => outcome.calls.length)).toEqual([3, 3, 3]);
    expect(runs.map((outcome) => !outcome.success && outcome.error)).toEqual(
      runs.map(() => ({
        kind: 'budget',
        budget: 'retained-values',
        message: expect.stringMatching(/^retained-values budget exceeded: limit 1000 bytes/),
      })),
    );
  });

  it('names the join call whose result passes the retained-values budget by its own index', async () => {
    const tools: Record<string, ToolBinding> = {
      Tool: { inputSchema: schema, call: () => 'x'.repeat(400) },
    };
    // Call 1 runs alone; the join's calls are 2, 3 and 4, charged in order: 400, 800, 1,200.
    const outcome = await evaluate("(Tool :n 0) (parallel-map (lambda (n) (Tool :n n)) '(1 2 3))", {
      tools,
      recordCalls: false,
      limits: { retainedValues: 1000 },
    });
    expect(!outcome.success && outcome.error.message).toMatch(
      /^retained-values budget exceeded: limit 1000 bytes: .* at nested call Tool at call 3 after/,
    );
  });

  it('checks the wall clock before every call while any call is slow', async () => {
    let now = 0;
    const clock: Clock = { ...systemClock, now: () => now };
    // Quick and slow calls alternate: the one after the budget runs out is never started.
    const tools: Record<string, ToolBinding> = {
      Quick: { inputSchema: schema, call: () => 'q' },
      Slow: {
        inputSchema: schema,
        call: () => {
          now += 400;
          return 's';
        },
      },
    };
    const outcome = await evaluate('(dotimes (i 10) (Quick) (Slow)) "done"', {
      tools,
      clock,
      limits: { wallTime: 1000 },
    });
    expect(!outcome.success && outcome.error.message).toBe(
      'wall-time budget exceeded: limit 1000 ms: stopped before nested call Quick at call 7',
    );
  });

  it('reads the clock at most 16 calls apart during a run of quick calls, and stops soon after they slow', async () => {
    let now = 0;
    let reads = 0;
    const clock: Clock = {
      ...systemClock,
      now: () => {
        reads++;
        return now;
      },
    };
    let calls = 0;
    // 200 instant calls, then every call takes 400 ms; the budget ends during call 203.
    const tools: Record<string, ToolBinding> = {
      Tool: {
        inputSchema: schema,
        call: () => {
          if (++calls > 200) now += 400;
          return 'x';
        },
      },
    };
    const outcome = await evaluate('(dotimes (i 1000) (Tool :n i)) "done"', {
      tools,
      clock,
      limits: { wallTime: 1000, nestedCalls: 1000 },
    });
    expect(outcome.success).toBe(false);
    const stoppedAt = Number(
      (!outcome.success && outcome.error.message.match(/at call (\d+)$/)?.[1]) || 0,
    );
    expect(stoppedAt).toBeGreaterThanOrEqual(204);
    expect(stoppedAt).toBeLessThanOrEqual(204 + 15);
    // Far fewer reads than calls while the calls were quick.
    expect(reads).toBeLessThan(100);
  });

  it('reads the clock before the call after a waited one, however far apart the reads had grown', async () => {
    let now = 0;
    const clock: Clock = { ...systemClock, now: () => now };
    const tools: Record<string, ToolBinding> = {
      Quick: { inputSchema: schema, call: () => 'q' },
      // Waited for, and the wall-time budget runs out meanwhile.
      Slow: {
        inputSchema: schema,
        call: async () => {
          now += 5000;
          return 's';
        },
      },
    };
    const outcome = await evaluate('(dotimes (i 200) (Quick)) (Slow) (dotimes (i 20) (Quick))', {
      tools,
      clock,
      limits: { wallTime: 1000, nestedCalls: 1000 },
    });
    expect(!outcome.success && outcome.error.message).toBe(
      'wall-time budget exceeded: limit 1000 ms: stopped before nested call Quick at call 202',
    );
  });
});

describe('recordCalls: false', () => {
  it('keeps no call records, with the same value, events and budgets', async () => {
    const tools: Record<string, ToolBinding> = {
      Tool: { inputSchema: schema, call: (args) => Number(args.n) * 2 },
    };
    const source = '(let ((sum 0)) (dotimes (i 5) (setq sum (+ sum (Tool :n i)))) sum)';
    const kept = await run(source, tools);
    const events: CallEvent[] = [];
    const lean = await evaluate(source, {
      tools,
      recordCalls: false,
      onEvent: (event) => events.push(event),
    });
    expect(lean.calls).toEqual([]);
    expect(kept.outcome.calls).toHaveLength(5);
    expect(lean.success && lean.printed).toBe('20');
    expect(events).toEqual(kept.events);
    const limited = await evaluate(source, {
      tools,
      recordCalls: false,
      limits: { nestedCalls: 3 },
    });
    expect(!limited.success && limited.error.message).toBe(
      'nested-calls budget exceeded: limit 3 calls: stopped before nested call Tool at call 4',
    );
  });

  it('still hands back a direct call’s own result', async () => {
    const tools: Record<string, ToolBinding> = {
      Tool: { inputSchema: schema, call: () => ({ items: [1, 2] }) },
    };
    const outcome = await evaluate('(Tool :n 1)', { tools, recordCalls: false });
    expect(outcome.success && [outcome.direct, outcome.json]).toEqual([true, { items: [1, 2] }]);
  });

  it('refuses a value that is not a boolean', async () => {
    await expect(evaluate('1', { recordCalls: 'no' as unknown as boolean })).rejects.toThrow(
      'options.recordCalls must be a boolean, received string',
    );
  });
});

describe('a string result', () => {
  it('charges its UTF-8 bytes against the value-size budget, settled at once or later', async () => {
    const results: Record<number, string> = { 1: 'éééééé', 2: 'ééééééa', 3: 'a"b\n' };
    for (const later of [false, true]) {
      const outcome = await evaluate(
        '(list (length (Text :n 1)) (car (Text :n 2)) (length (Text :n 3)))',
        {
          limits: { valueSize: 12 },
          tools: {
            Text: {
              inputSchema: schema,
              call: (args) => {
                const text = results[Number(args.n)];
                return later ? Promise.resolve(text) : text;
              },
            },
          },
        },
      );
      expect(outcome.success && outcome.printed).toBe('(6 :error 4)');
      expect(outcome.calls.map((record) => record.error ?? record.status)).toEqual([
        'success',
        'Text result of 13 bytes exceeds the value-size budget (limit 12 bytes)',
        'success',
      ]);
    }
  });
});
