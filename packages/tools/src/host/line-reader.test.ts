import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createLineReader, type OversizedLine, sniffRequestId } from './line-reader.js';

/** Feeds `text` in pieces cut at `cuts` and returns what came out, in order. */
function read(text: string, cuts: readonly number[], maxLineBytes: number) {
  const out: (string | OversizedLine)[] = [];
  const reader = createLineReader({
    maxLineBytes,
    onLine: (line) => out.push(line),
    onOversized: (line) => out.push(line),
  });
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const end = Math.min(cut, bytes.length);
    if (end > at) reader.push(bytes.subarray(at, end));
    at = Math.max(at, end);
  }
  reader.push(bytes.subarray(at));
  reader.end();
  return out;
}

describe('createLineReader', () => {
  it('splits lines, drops a trailing carriage return and hands on a last line without newline', () => {
    expect(read('a\r\nb\n\nc', [1, 2, 3], 10)).toEqual(['a', 'b', '', 'c']);
  });

  it('reports a line over the bound once, with its start, and goes on at the next line', () => {
    const long = `{"id":7,"x":"${'y'.repeat(100)}"}`;
    expect(read(`${long}\n{"id":8}\n`, [5, 50], 32)).toEqual([
      // What was read when it went over: the two first pieces, 50 bytes.
      { limit: 32, prefix: long.slice(0, 50) },
      '{"id":8}',
    ]);
  });

  it('keeps a multi-byte character cut between chunks whole', () => {
    expect(read('é€😀\n', [1, 3, 5], 100)).toEqual(['é€😀']);
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() =>
      createLineReader({ maxLineBytes: 0, onLine: () => {}, onOversized: () => {} }),
    ).toThrow('maxLineBytes must be a positive integer, received 0');
  });

  test.prop(
    [
      fc.array(
        fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.replace(/\n/g, '')),
        {
          maxLength: 20,
        },
      ),
      fc.array(fc.nat({ max: 2000 }), { maxLength: 30 }),
      fc.integer({ min: 1, max: 60 }),
    ],
    { numRuns: 200 },
  )(
    'hands on every line within the bound, in order, however the input is cut',
    (lines, cuts, limit) => {
      const text = lines.map((line) => `${line}\n`).join('');
      const expected = lines.map((line) =>
        Buffer.byteLength(line) > limit ? 'oversized' : line.replace(/\r$/, ''),
      );
      const got = read(text, cuts, limit).map((item) =>
        typeof item === 'string' ? item : 'oversized',
      );
      expect(got).toEqual(expected);
    },
  );
});

describe('sniffRequestId', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"x":"', 5],
    ['{"jsonrpc":"2.0","id":"abc\\"d","method":"x"', 'abc"d'],
    ['{"method":"x","params":{"id":1,"a":"', null],
    ['{"method":"x","params":{"id":1},"id":-3,"a":"', -3],
    ['{"params":{"note":"\\"id\\":9"},"id" : 2 ,"p":"', 2],
    ['{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"text":"', null],
    ['not json at all', null],
    ['{"id":12345', null],
  ])('finds the top-level id of %s', (prefix, id) => {
    expect(sniffRequestId(prefix)).toEqual(id);
  });
});
