import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { readLineWindow } from './line-window.js';

async function* chunked(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const end = Math.min(cut, bytes.length);
    if (end > start) yield bytes.subarray(start, end);
    start = Math.max(start, end);
  }
  if (start < bytes.length) yield bytes.subarray(start);
}

describe('readLineWindow', () => {
  test.prop([
    fc.array(fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', ' ') }), { maxLength: 40 }),
    fc.boolean(),
    fc.integer({ min: 1, max: 45 }),
    fc.integer({ min: 1, max: 45 }),
    fc.array(fc.nat({ max: 400 }), { maxLength: 8 }),
  ])(
    'returns the same window as splitting the whole text, however the bytes are chunked',
    async (lines, trailing, offset, limit, cuts) => {
      const text = lines.join('\n') + (trailing && lines.length > 0 ? '\n' : '');
      const bytes = new TextEncoder().encode(text);
      const window = await readLineWindow(chunked(bytes, cuts), { offset, limit, maxChars: 1e9 });
      // A final newline ends the last line rather than starting another.
      const all = text === '' ? [] : (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
      const expected = all.slice(offset - 1, offset - 1 + limit);
      expect(window.lines).toEqual(expected);
      expect(window.more).toBe(offset - 1 + limit < all.length);
      if (window.totalLines !== undefined) expect(window.totalLines).toBe(all.length);
    },
  );
});
