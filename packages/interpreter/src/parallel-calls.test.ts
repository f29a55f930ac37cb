import { describe, expect, it } from 'vitest';
import { type CallEvent, evaluate, type ToolBinding, ToolDenied } from './index.js';

const schema = { type: 'object', properties: { n: { type: 'integer' } } };

/** A tool logging the `n` of each call it receives, in the order it receives them. */
function logged(work: (n: number) => unknown = (n) => n * 10): {
  tools: Record<string, ToolBinding>;
  seen: number[];
} {
  const seen: number[] = [];
  return {
    seen,
    tools: {
      Tool: {
        inputSchema: schema,
        call: (args) => {
          seen.push(Number(args.n));
          return work(Number(args.n));
        },
      },
    },
  };
}

describe('parallel-map', () => {
  it('evaluates every item’s arguments before the first call, in item order', async () => {
    const { tools, seen } = logged();
    const outcome = await evaluate(
      '(let ((order nil)) (list (parallel-map (lambda (x) (Tool :n (progn (push x order) x))) (list 3 1 2)) (reverse order)))',
      { tools, parallelism: 1 },
    );
    expect(outcome.success && outcome.printed).toBe('((30 10 20) (3 1 2))');
    expect(seen).toEqual([3, 1, 2]);
  });

  it('fails with no call made when a later item’s argument fails', async () => {
    const { tools, seen } = logged();
    const events: CallEvent[] = [];
    const outcome = await evaluate(
      '(parallel-map (lambda (x) (Tool :n (+ x 1))) (list 1 2 "three" 4))',
      { tools, onEvent: (event) => events.push(event) },
    );
    expect(outcome).toEqual({
      success: false,
      error: { kind: 'runtime', message: expect.stringContaining('wrong-type-argument') },
      calls: [],
    });
    expect(seen).toEqual([]);
    expect(events).toEqual([]);
  });

  it('hands each call its own arguments, several keywords each', async () => {
    const seen: unknown[] = [];
    const tools: Record<string, ToolBinding> = {
      Pair: {
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'integer' }, b: { type: 'string' } },
        },
        call: (args) => {
          seen.push(args);
          return 'ok';
        },
      },
    };
    const outcome = await evaluate(
      '(parallel-map (lambda (x) (Pair :a x :b (format "%d" (* x x)))) (list 1 2 3))',
      { tools },
    );
    expect(outcome.success && outcome.printed).toBe('("ok" "ok" "ok")');
    expect(seen).toEqual([
      { a: 1, b: '1' },
      { a: 2, b: '4' },
      { a: 3, b: '9' },
    ]);
  });

  it('maps over thousands of items with every result in input order', async () => {
    const { tools, seen } = logged((n) => n * 2);
    const outcome = await evaluate(
      "(let ((xs nil)) (dotimes (i 3000) (push i xs)) (apply #'+ (parallel-map (lambda (n) (Tool :n n)) xs)))",
      { tools, limits: { nestedCalls: 3000 } },
    );
    expect(outcome.success && outcome.printed).toBe(String(2 * ((2999 * 3000) / 2)));
    expect(seen).toHaveLength(3000);
    expect(seen[0]).toBe(2999);
  });
});

describe('call records and events', () => {
  // Successes, a tool error, a throw and a non-JSON result in one join, then refused
  // arguments and a join of one: what the audit and the events say of each.
  const tools: Record<string, ToolBinding> = {
    Tool: {
      inputSchema: schema,
      call: (args) => {
        const n = Number(args.n);
        if (n === 2) return { error: 'two is not allowed' };
        if (n === 3) throw new Error('three threw');
        if (n === 4) return BigInt(4);
        return n;
      },
    },
  };
  const source =
    '(list (parallel-map (lambda (n) (Tool :n n)) (list 1 2 3 4)) (Tool :n) (parallel (Tool :n 5)))';

  it('records each call’s status and error, and emits the same events without records', async () => {
    const events: CallEvent[] = [];
    const kept = await evaluate(source, { tools, onEvent: (event) => events.push(event) });
    expect(kept.calls).toEqual([
      {
        index: 1,
        tool: 'Tool',
        arguments: { n: 1 },
        batch: 'batch-1',
        direct: false,
        status: 'success',
      },
      {
        index: 2,
        tool: 'Tool',
        arguments: { n: 2 },
        batch: 'batch-1',
        direct: false,
        status: 'error',
        error: 'two is not allowed',
      },
      {
        index: 3,
        tool: 'Tool',
        arguments: { n: 3 },
        batch: 'batch-1',
        direct: false,
        status: 'error',
        error: 'three threw',
      },
      {
        index: 4,
        tool: 'Tool',
        arguments: { n: 4 },
        batch: 'batch-1',
        direct: false,
        status: 'error',
        error: 'Tool returned a value that is not JSON',
      },
      {
        index: 5,
        tool: 'Tool',
        arguments: undefined,
        direct: false,
        status: 'error',
        error: 'invalid arguments for Tool: keyword :n has no value',
      },
      { index: 6, tool: 'Tool', arguments: { n: 5 }, direct: false, status: 'success' },
    ]);
    const leanEvents: CallEvent[] = [];
    const lean = await evaluate(source, {
      tools,
      recordCalls: false,
      onEvent: (event) => leanEvents.push(event),
    });
    expect(lean.calls).toEqual([]);
    expect(lean.success && lean.printed).toBe(kept.success && kept.printed);
    expect(leanEvents).toEqual(events);
    expect(
      events.filter((event) => event.type === 'call-end').map((event) => event.status),
    ).toEqual(['success', 'error', 'error', 'error', 'success']);
  });

  it('marks the denied call denied and its running siblings cancelled', async () => {
    const gate: Record<string, ToolBinding> = {
      Tool: {
        inputSchema: schema,
        call: (args, { signal }) => {
          if (Number(args.n) === 2) throw new ToolDenied('no');
          return new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted'))),
          );
        },
      },
    };
    const outcome = await evaluate('(parallel-map (lambda (n) (Tool :n n)) (list 1 2 3))', {
      tools: gate,
    });
    expect(outcome.success).toBe(false);
    expect(outcome.calls.map(({ index, status, error }) => ({ index, status, error }))).toEqual([
      { index: 1, status: 'cancelled', error: 'cancelled' },
      { index: 2, status: 'denied', error: 'no' },
      { index: 3, status: 'cancelled', error: 'cancelled' },
    ]);
  });
});
