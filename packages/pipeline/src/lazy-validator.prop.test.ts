import { fc, test } from '@fast-check/vitest';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileSchema } from './compile-validator.js';
import { quickCheckOf } from './lazy-validator.js';

// The pipeline's ajv options: the quick check must agree with exactly this ajv.
const ajv = new Ajv({
  allErrors: true,
  strict: false,
  validateFormats: false,
  validateSchema: false,
});

const KEYS = ['a', 'b', 'c'];
// Values sit on and around the generated bounds and lengths.
const primitive = fc.oneof(
  { arbitrary: fc.constantFrom('', 'x', 'ab', 'ba', '😀', 'a😀', '\uD800', 'abc'), weight: 3 },
  { arbitrary: fc.constantFrom(-1, 0, 0.5, 1, 2, 2.5, 3, 10), weight: 3 },
  fc.boolean(),
  fc.constant(null),
);

const some = <T>(record: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record(record, { requiredKeys: [] });

// Schemas built only from the subset the quick check claims to decide, a few keywords each so
// that generated values both pass and fail them.
const schema = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'schema' },
    fc.boolean(),
    some({
      type: fc.constantFrom('string', ['string', 'null']),
      minLength: fc.nat(3),
      maxLength: fc.nat(3),
      pattern: fc.constantFrom('^a', 'b$', '\\p{L}', '^.$'),
      format: fc.constant('uri'),
    }),
    some({
      type: fc.constantFrom('number', 'integer', ['integer', 'string']),
      minimum: fc.constantFrom(-1, 0, 1),
      maximum: fc.constantFrom(0, 1, 2.5),
      exclusiveMinimum: fc.constantFrom(0, 1),
      exclusiveMaximum: fc.constantFrom(1, 3),
    }),
    some({
      type: fc.constantFrom('object', ['object', 'null']),
      properties: fc.dictionary(fc.constantFrom(...KEYS), tie('schema'), { maxKeys: 3 }),
      required: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
      additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
      description: fc.constant('described'),
    }),
    some({
      type: fc.constantFrom('array', ['array', 'boolean']),
      items: tie('schema'),
      minItems: fc.nat(2),
      maxItems: fc.nat(2),
    }),
    some({
      enum: fc.uniqueArray(primitive, { minLength: 1, maxLength: 4 }),
      default: primitive,
    }),
    fc.record({ const: primitive }),
    fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
  ),
})).schema;

const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'value' },
    { arbitrary: primitive, weight: 3 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    {
      arbitrary: fc.dictionary(fc.constantFrom(...KEYS, 'd'), tie('value'), { maxKeys: 3 }),
      weight: 2,
    },
  ),
})).value;

describe('quickCheckOf', () => {
  const seen = { valid: 0, invalid: 0 };
  test.prop([schema, fc.array(value, { minLength: 4, maxLength: 12 })], { numRuns: 1000 })(
    'decides every subset schema exactly as ajv does',
    (generated, inputs) => {
      const quick = quickCheckOf(generated);
      expect(quick).toBeDefined();
      const full = ajv.compile(generated as object);
      for (const input of inputs) {
        const valid = full(input);
        seen[valid ? 'valid' : 'invalid'] += 1;
        expect(quick!(input)).toBe(valid);
      }
    },
  );

  it('was decided on both valid and invalid inputs', () => {
    expect(Math.min(seen.valid, seen.invalid)).toBeGreaterThan(200);
  });

  it('leaves schemas outside the subset to ajv', () => {
    for (const outside of [
      { $ref: '#/definitions/a' },
      { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' },
      { oneOf: [{ type: 'string' }] },
      { type: 'array', items: [{ type: 'string' }] },
      { type: 'array', uniqueItems: true },
      { enum: [{ a: 1 }] },
      { type: 'no-such-type' },
      { type: 'string', minLength: -1 },
      { type: 'string', pattern: '(' },
      { type: 'object', patternProperties: { '^a': { type: 'string' } } },
      { type: 'object', properties: { q: { type: 'string', nullable: true } } },
    ]) {
      expect(quickCheckOf(outside)).toBeUndefined();
    }
  });

  it('leaves non-finite numbers to ajv', () => {
    const quick = quickCheckOf({ type: 'number' })!;
    expect([quick(1.5), quick(Number.NaN), quick(Number.POSITIVE_INFINITY)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('compileSchema with a quick check', () => {
  const validate = compileSchema(
    {
      type: 'object',
      properties: { file_path: { type: 'string' }, offset: { type: 'integer', minimum: 1 } },
      required: ['file_path'],
      additionalProperties: false,
    },
    { file_path: { kind: 'path', access: 'read' } },
  );

  it('accepts valid input and still reports what ajv finds in invalid input', () => {
    expect(validate({ file_path: 'a.ts', offset: 2 })).toBeUndefined();
    expect(validate({ file_path: 'a.ts', offset: 0 })).toEqual([
      { path: 'offset', keyword: 'minimum', message: expect.stringContaining('1') },
    ]);
    expect(validate({ offset: 1.5 })?.map((issue) => issue.keyword)).toEqual(['required', 'type']);
  });

  it('adds the semantic issues of valid-typed input', () => {
    expect(validate({ file_path: 'work://notes.md' })).toEqual([
      {
        path: 'file_path',
        keyword: 'path',
        message: 'filesystem-only path arguments do not accept resource addresses.',
      },
    ]);
  });
});
