import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { printValue } from '../printer.js';
import { intern, LFloat, type Value } from '../values.js';
import { sortItems, sortKey } from './sort.js';

/** What `sortItems` must give: a stable sort by the comparator. */
function reference(items: Value[]): string {
  return printValue([...items].sort(sortKey), true, 1e9);
}

function sorted(items: Value[]): string {
  const copy = [...items];
  sortItems(copy);
  return printValue(copy, true, 1e9);
}

describe('sortItems', () => {
  test.prop([fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 300 })])(
    'sorts 32-bit fixnums as the comparator does',
    (items) => {
      expect(sorted(items)).toBe(reference(items));
    },
  );

  test.prop([fc.array(fc.maxSafeInteger(), { maxLength: 300 })])(
    'sorts any fixnums as the comparator does',
    (items) => {
      expect(sorted(items)).toBe(reference(items));
    },
  );

  test.prop([fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { maxLength: 100 })])(
    'sorts strings as the comparator does',
    (items) => {
      expect(sorted(items)).toBe(reference(items));
    },
  );

  test.prop([
    fc.array(
      fc.oneof(
        fc.integer(),
        fc.double().map((x) => new LFloat(x) as Value),
        fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => n as Value),
      ),
      { maxLength: 100 },
    ),
  ])('sorts mixed numbers, floats included, as the comparator does', (items) => {
    expect(sorted(items)).toBe(reference(items));
  });

  test.prop([fc.array(fc.string({ maxLength: 3 }).map(intern), { maxLength: 50 })])(
    'sorts symbols as the comparator does',
    (items) => {
      expect(sorted(items)).toBe(reference(items));
    },
  );
});
