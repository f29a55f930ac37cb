import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CallSite } from './call-site.js';
import { evaluate, intern, list, print, type ToolBinding, type Value } from './index.js';
import { argumentsOrRefusal, type JsonSchema } from './json.js';

/** The projection with its keys in order: equal objects with keys in another order differ. */
function exactly(projected: unknown): unknown {
  return typeof projected === 'string'
    ? projected
    : [Object.getPrototypeOf(projected), Object.entries(projected as object)];
}

// Schemas are reused by identity, as a roster's are; the last one is dictionary-mode, as
// schemas a JSON Schema generator deletes keys from are.
const deleted: JsonSchema = { type: 'object', $schema: 'x', properties: { n: {}, name: {} } };
delete deleted.$schema;
const schemas: Array<JsonSchema | undefined> = [
  undefined,
  { type: 'object' },
  {
    type: 'object',
    properties: {
      n: { type: 'integer' },
      name: { type: 'string' },
      flag: { type: 'boolean' },
      items: { type: 'array' },
      file_path: { type: 'string' },
    },
    additionalProperties: false,
  },
  { type: 'object', properties: { n: {} }, additionalProperties: true },
  { type: 'object', properties: 'odd' },
  deleted,
];

const keyword = fc.constantFrom(
  ...[':n', ':name', ':flag', ':items', ':file-path', ':other', ':__proto__'].map(
    (name) => intern(name) as Value,
  ),
);
const argument = fc.oneof(
  fc.integer({ min: -9, max: 9 }),
  fc.maxSafeInteger(),
  fc.string({ unit: fc.constantFrom('a', 'b', '"', '\\', 'é', '\n'), maxLength: 6 }),
  fc.constantFrom<Value>(intern('t'), intern('nil'), intern(':json-false'), intern('n')),
);
/** Mostly keyword plists, from few keywords so that a site sees the same list again. */
const argumentList = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(fc.tuple(keyword, argument), { maxLength: 3 }).map((p) => p.flat()),
  },
  { weight: 1, arbitrary: fc.array(fc.oneof(keyword, argument), { maxLength: 5 }) },
);
const call = fc.record({
  args: argumentList,
  schema: fc.nat({ max: schemas.length - 1 }).map((at) => schemas[at]),
  // The value-size budget near the list's printed size, where the size checks decide.
  slack: fc.oneof(fc.integer({ min: -4, max: 4 }), fc.constant(1_048_576)),
});

function budget(args: Value[], slack: number): number {
  return Math.max(1, print(list(args)).length + slack);
}

describe('CallSite', () => {
  test.prop([fc.array(call, { minLength: 1, maxLength: 30 })], { numRuns: 1000 })(
    'projects each of a series of calls as the general path does, object or refusal',
    (calls) => {
      const site = new CallSite();
      for (const { args, schema, slack } of calls) {
        const maxSize = budget(args, slack);
        expect(exactly(site.project(args, schema, maxSize))).toEqual(
          exactly(argumentsOrRefusal(args, schema, maxSize)),
        );
      }
    },
  );

  test.prop([call, fc.nat({ max: 20 })], { numRuns: 200 })(
    'projects one call repeated as the general path does',
    ({ args, schema, slack }, repeats) => {
      const maxSize = budget(args, slack);
      const site = new CallSite();
      const expected = exactly(argumentsOrRefusal(args, schema, maxSize));
      for (let i = 0; i <= repeats; i++)
        expect(exactly(site.project(args, schema, maxSize))).toEqual(expected);
    },
  );

  it('hands each call a fresh object', () => {
    const site = new CallSite();
    const args = [intern(':n'), 1];
    const first = site.project(args, schemas[2], 100);
    const second = site.project(args, schemas[2], 100);
    expect(second).toEqual({ n: 1 });
    expect(second).not.toBe(first);
  });

  it('refuses a planned keyword list whose values exceed the size budget', () => {
    const site = new CallSite();
    expect(site.project([intern(':name'), 'ab'], schemas[2], 20)).toEqual({ name: 'ab' });
    expect(site.project([intern(':name'), 'abcdefghijklmnop'], schemas[2], 20)).toBe(
      'the arguments are larger than the value-size budget (limit 20 bytes)',
    );
    expect(site.project([intern(':n'), 1], schemas[2], 20)).toEqual({ n: 1 });
    expect(site.project([intern(':n'), 123456789012345], schemas[2], 16)).toBe(
      'the arguments are larger than the value-size budget (limit 16 bytes)',
    );
  });

  it('looks the binding up again in another roster', () => {
    const site = new CallSite();
    const one: ToolBinding = { call: () => 1 };
    const two: ToolBinding = { call: () => 2 };
    expect(site.bindingIn(new Map([['T', one]]), 'T')).toBe(one);
    expect(site.bindingIn(new Map([['T', two]]), 'T')).toBe(two);
  });
});

describe('evaluate with a call site', () => {
  it('projects every call of a parallel-map whose keywords change between items', async () => {
    const outcome = await evaluate(
      `(parallel-map (lambda (k) (Tool k (if (eq k :flag) nil 7))) '(:n :name :n :flag :other :n))`,
      { tools: { Tool: { inputSchema: schemas[2], call: (args) => JSON.stringify(args) } } },
    );
    expect(outcome.success && outcome.json).toEqual([
      '{"n":7}',
      '{"name":7}',
      '{"n":7}',
      '{"flag":false}',
      {
        error:
          'invalid arguments for Tool: unknown keyword :other; accepted: :n :name :flag :items :file_path',
      },
      '{"n":7}',
    ]);
  });

  it('projects every call of a form whose keywords change between calls', async () => {
    const seen: unknown[] = [];
    const outcome = await evaluate(
      `(dolist (k '(:n :name :n :flag :other :n)) (Tool k (if (eq k :flag) t 7)))`,
      {
        tools: {
          Tool: {
            inputSchema: schemas[2],
            call: (args) => {
              seen.push(args);
              return 'ok';
            },
          },
        },
      },
    );
    expect(outcome.success).toBe(true);
    expect(seen).toEqual([{ n: 7 }, { name: 7 }, { n: 7 }, { flag: true }, { n: 7 }]);
    expect(outcome.calls.map((record) => record.error ?? record.arguments)).toEqual([
      { n: 7 },
      { name: 7 },
      { n: 7 },
      { flag: true },
      'invalid arguments for Tool: unknown keyword :other; accepted: :n :name :flag :items :file_path',
      { n: 7 },
    ]);
  });
});
