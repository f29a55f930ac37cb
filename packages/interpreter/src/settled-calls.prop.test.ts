import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  type CallEvent,
  evaluate,
  intern,
  type Outcome,
  type QueueEvent,
  SettledCall,
  type ToolBinding,
  ToolDenied,
  type Value,
} from './index.js';
import { projectArguments, toolArguments } from './json.js';

const schema = { type: 'object', properties: { n: { type: 'integer' } } };

/** What the tool does for `n`: a value, a failure value, a throw, a non-JSON result or a denial. */
function work(n: number, deny: boolean): unknown {
  switch (n % 6) {
    case 0:
      return { error: `bad ${n}` };
    case 1:
      throw new Error(`boom ${n}`);
    case 2:
      return () => n;
    case 3:
      if (deny && n > 30) throw new ToolDenied(`no ${n}`);
      return [n, { half: n / 2 }];
    default:
      return n * 2;
  }
}

class Later extends SettledCall {
  constructor(
    readonly n: number,
    readonly deny: boolean,
  ) {
    super();
  }
  take(): unknown {
    return work(this.n, this.deny);
  }
}

type Mode = 'async' | 'sync' | 'settled';

function binding(modeOf: (n: number) => Mode, deny = true): Record<string, ToolBinding> {
  return {
    Tool: {
      inputSchema: schema,
      call: (args) => {
        const n = Number(args.n);
        const mode = modeOf(n);
        if (mode === 'async') return Promise.resolve().then(() => work(n, deny));
        if (mode === 'settled') return new Later(n, deny);
        return work(n, deny);
      },
    },
  };
}

const number = fc.integer({ min: 0, max: 40 });
const call = number.map((n) => `(Tool :n ${n})`);
const step = fc.oneof(
  call,
  number.map((n) => `(Tool :m ${n})`),
  fc.array(call, { minLength: 1, maxLength: 4 }).map((calls) => `(parallel ${calls.join(' ')})`),
  fc
    .array(number, { maxLength: 8 })
    .map((items) => `(parallel-map (lambda (n) (Tool :n n)) (list ${items.join(' ')}))`),
);
const script = fc
  .array(step, { minLength: 1, maxLength: 6 })
  .map((steps) => `(list ${steps.join(' ')})`);

async function run(
  source: string,
  tools: Record<string, ToolBinding>,
  parallelism: number,
): Promise<{ outcome: unknown; events: CallEvent[] }> {
  const events: CallEvent[] = [];
  const { value: _value, ...outcome } = (await evaluate(source, {
    tools,
    parallelism,
    onEvent: (event) => events.push(event),
  })) as Outcome & { value?: unknown };
  return { outcome, events };
}

describe('calls that settle during call', () => {
  test.prop([script, fc.integer({ min: 1, max: 4 })], { numRuns: 150 })(
    'give the same outcome and event sequence as calls that resolve promises',
    async (source, parallelism) => {
      const waited = await run(
        source,
        binding(() => 'async'),
        parallelism,
      );
      expect(
        await run(
          source,
          binding(() => 'sync'),
          parallelism,
        ),
      ).toEqual(waited);
      expect(
        await run(
          source,
          binding(() => 'settled'),
          parallelism,
        ),
      ).toEqual(waited);
    },
  );

  test.prop(
    [
      script,
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.constantFrom<Mode>('async', 'sync', 'settled'), {
        minLength: 41,
        maxLength: 41,
      }),
    ],
    { numRuns: 150 },
  )(
    'mixed with waiting calls, give the same outcome and the same events per call',
    async (source, parallelism, modes) => {
      const byCall = (events: CallEvent[]): string[] =>
        events.map((event) => JSON.stringify(event)).sort();
      // Without denials: a denial's effect on siblings still running depends on timing.
      const waited = await run(
        source,
        binding(() => 'async', false),
        parallelism,
      );
      const mixed = await run(
        source,
        binding((n) => modes[n] as Mode, false),
        parallelism,
      );
      expect({ outcome: mixed.outcome, events: byCall(mixed.events) }).toEqual({
        outcome: waited.outcome,
        events: byCall(waited.events),
      });
      // Calls start in index order however they settle.
      const starts = (events: CallEvent[]): number[] =>
        events.filter((event) => event.type === 'call-start').map((event) => event.index);
      expect(starts(mixed.events)).toEqual([...starts(mixed.events)].sort((a, b) => a - b));
    },
  );
});

const keyword = fc.constantFrom(':n', ':name', ':flag', ':items', ':other', ':__proto__', 'n');
const argument = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 6 }),
  fc.constantFrom<Value>(intern('t'), intern('nil'), intern(':json-false'), intern('sym')),
);
const argumentSchema = fc.constantFrom(
  undefined,
  { type: 'object' },
  {
    type: 'object',
    properties: {
      n: { type: 'integer' },
      name: { type: 'string' },
      flag: { type: 'boolean' },
      items: { type: 'array' },
    },
  },
  { type: 'object', properties: { n: {} }, additionalProperties: true },
);

describe('toolArguments', () => {
  test.prop(
    [
      fc.array(
        fc.oneof(
          keyword.map((k) => intern(k) as Value),
          argument,
        ),
        { maxLength: 8 },
      ),
      argumentSchema,
    ],
    {
      numRuns: 500,
    },
  )('projects as its general path does', (args, argSchema) => {
    expect(toolArguments(args, argSchema, 64)).toEqual(projectArguments(args, argSchema, 64));
  });
});

// Joins whose calls may be refused at their turn (`:m` is not an argument of Tool).
const joinCall = fc.oneof(
  call,
  number.map((n) => `(Tool :m ${n})`),
  number.map((n) => `(Other :n ${n})`),
);
const joinScript = fc
  .array(
    fc.oneof(
      call,
      fc
        .array(joinCall, { minLength: 1, maxLength: 8 })
        .map((calls) => `(parallel ${calls.join(' ')})`),
      fc
        .array(number, { maxLength: 8 })
        .map((items) => `(parallel-map (lambda (n) (Tool :n n)) (list ${items.join(' ')}))`),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((steps) => `(list ${steps.join(' ')})`);

describe('a join queue observer', () => {
  test.prop(
    [
      joinScript,
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.constantFrom<Mode>('async', 'sync', 'settled'), {
        minLength: 41,
        maxLength: 41,
      }),
    ],
    { numRuns: 150 },
  )(
    'hears the same queued calls as onEvent in runs of one tool, each leaving once and in index order',
    async (source, parallelism, modes) => {
      const timeline: string[] = [];
      const heard: QueueEvent[] = [];
      const perCall: string[] = [];
      const tools = binding((n) => modes[n] as Mode, false);
      await evaluate(source, {
        tools: { ...tools, Other: tools.Tool as ToolBinding },
        parallelism,
        onEvent: (event) => {
          if (event.type === 'call-queued')
            perCall.push(`${event.index} ${event.tool} ${event.batch}`);
          else if (event.type === 'call-start') timeline.push(`call-start ${event.index}`);
        },
        onQueued: (event) => {
          heard.push(event);
          if (event.type === 'call-refused') timeline.push(`call-refused ${event.index}`);
        },
      });
      const runs = heard.flatMap((event) => (event.type === 'calls-queued' ? [event] : []));
      // The runs, expanded, are exactly onEvent's queued calls.
      expect(
        runs.flatMap((run) =>
          Array.from(
            { length: run.count },
            (_, at) => `${run.first + at} ${run.tool} ${run.batch}`,
          ),
        ),
      ).toEqual(perCall);
      for (let at = 1; at < runs.length; at++) {
        const before = runs[at - 1] as (typeof runs)[number];
        const run = runs[at] as (typeof runs)[number];
        expect(run.count).toBeGreaterThan(0);
        // Runs of one join are consecutive and each holds one tool's calls, as long as it can.
        if (before.batch === run.batch) {
          expect(run.first).toBe(before.first + before.count);
          expect(run.tool).not.toBe(before.tool);
        }
      }
      const queued = new Set(perCall.map((entry) => Number(entry.split(' ')[0])));
      const left = timeline
        .map((entry) => Number(entry.split(' ')[1]))
        .filter((index) => queued.has(index));
      expect(new Set(left).size).toBe(left.length);
      expect([...left].sort((a, b) => a - b)).toEqual(left);
      // A refused call never started.
      for (const event of heard.filter((item) => item.type === 'call-refused'))
        expect(timeline).not.toContain(`call-start ${event.index}`);
    },
  );
});
