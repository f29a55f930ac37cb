import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { scanJsonValue } from './scan-json.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// JSON text, JSON text with one character dropped or inserted, and arbitrary text.
const candidateText = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .tuple(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.nat(),
      fc.constantFrom('', ',', '"', '}', ']', '\\', '0', ' ', '\n'),
    )
    .map(([text, at, insert]) => {
      const index = at % (text.length + 1);
      return insert === ''
        ? text.slice(0, index) + text.slice(index + 1)
        : text.slice(0, index) + insert + text.slice(index);
    }),
  fc.string({ unit: 'binary' }),
);

describe('scanJsonValue', () => {
  test.prop([candidateText], { numRuns: 1000 })(
    'accepts exactly the texts JSON.parse accepts',
    (text) => {
      fc.pre(text === text.trimEnd());
      expect(scanJsonValue(text, 0, text.length) === text.length).toBe(parses(text));
    },
  );

  it('stops at the end of one value and respects the limit and depth', () => {
    expect([
      scanJsonValue('{"a":[1,2]} tail', 0, 100),
      scanJsonValue('{"a":1}', 0, 6),
      scanJsonValue('[[[1]]]', 0, 100, 2),
      scanJsonValue('[[[1]]]', 0, 100, 3),
      scanJsonValue('xx{"a":1}', 2, 100),
    ]).toEqual([11, -1, -1, 7, 9]);
  });
});
