import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  type AuditBounds,
  boundArguments,
  boundedArguments,
  DEFAULT_AUDIT_BOUNDS,
} from './bounds.js';

const bounds = fc.record({
  argumentString: fc.integer({ min: 1, max: 12 }),
  argumentsSize: fc.integer({ min: 1, max: 120 }),
  argumentsDepth: fc.integer({ min: 1, max: 3 }),
  renderDataSize: fc.constant(DEFAULT_AUDIT_BOUNDS.renderDataSize),
  directPreview: fc.constant(DEFAULT_AUDIT_BOUNDS.directPreview),
}) as fc.Arbitrary<AuditBounds>;

const leaf = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  leaf,
  fc.array(leaf, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), leaf, { maxKeys: 3 }),
);
const args = fc.dictionary(
  fc.oneof(fc.string({ maxLength: 6 }), fc.constant('__proto__')),
  fc.oneof({ weight: 4, arbitrary: leaf }, { weight: 1, arbitrary: value }),
  { maxKeys: 6 },
);

describe('boundArguments', () => {
  test.prop([args, bounds], { numRuns: 500 })(
    'copies flat arguments as its general copy does',
    (input, audit) => {
      expect(boundArguments(input, audit)).toEqual(boundedArguments(input, audit));
    },
  );
});
