import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineFilter, pageOutput, pageWatcher } from './grep-output.js';

/** Feeds `output` to a fresh watcher in chunks cut at `cuts`; returns the complete lines it had seen when it stopped. */
function watched(
  output: Buffer,
  cuts: readonly number[],
  paging: { headLimit: number; offset: number },
  show: (line: string) => string,
): { stopped: boolean; lines: string[] } {
  const enough = pageWatcher(paging, show);
  const bounds = [...new Set(cuts.map((cut) => cut % (output.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const end of [...bounds, output.length]) {
    if (end <= start) continue;
    if (enough(output.subarray(start, end))) {
      const seen = output.subarray(0, end).toString('utf8');
      return { stopped: true, lines: seen.slice(0, seen.lastIndexOf('\n')).split('\n') };
    }
    start = end;
  }
  return { stopped: false, lines: [] };
}

const line = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.string({ unit: fc.constantFrom('a', '/', ':', 'é', '😀'), maxLength: 12 }),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 20_000, max: 120_000 }).map((size) => 'x'.repeat(size)),
  },
);

describe('pageWatcher', () => {
  it('stops only once more output can no longer change the page', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        (lines, headLimit, offset, cuts, shorten) => {
          const show = shorten
            ? (text: string) => text.replace(/^\/a*/, '')
            : (text: string) => text;
          const output = Buffer.from(`${lines.join('\n')}\n`);
          const seen = watched(output, cuts, { headLimit, offset }, show);
          if (!seen.stopped) return;
          const page = (all: string[]) => pageOutput(all.map(show), { headLimit, offset });
          expect(page(seen.lines)).toEqual(page(lines));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stops one line past the page and at the 200 KiB cap', () => {
    const five = Buffer.from('a\nb\nc\nd\ne\nf\n');
    const everyByte = [...five.keys()];
    expect(watched(five, everyByte, { headLimit: 2, offset: 1 }, (text) => text).lines).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(watched(five, everyByte, { headLimit: 0, offset: 0 }, (text) => text).stopped).toBe(
      false,
    );
    const wide = Buffer.from(`${'x'.repeat(150_000)}\n${'y'.repeat(60_000)}\nz\n`);
    expect(watched(wide, [150_001, 210_002], { headLimit: 0, offset: 0 }, (text) => text)).toEqual({
      stopped: true,
      lines: ['x'.repeat(150_000), 'y'.repeat(60_000)],
    });
  });
});

describe('the 200 KiB cap', () => {
  it('counts UTF-8 bytes, not characters', () => {
    // 100 lines of 1,000 three-byte characters: 300 KB of UTF-8 but only 100,000 characters.
    const lines = Array.from({ length: 100 }, () => '漢'.repeat(1000));
    const paged = pageOutput(lines, { headLimit: 0, offset: 0 });
    if (!paged.success) throw new Error(paged.message);
    const [notice, ...kept] = paged.text.split('\n').reverse();
    expect(notice).toBe(
      '... Output truncated at 200K byte limit. Narrow your search with :glob, :type, or a more specific :pattern.',
    );
    expect(kept.length).toBe(68);
    expect(Buffer.byteLength(kept.join('\n'))).toBeLessThanOrEqual(200 * 1024);
    const output = Buffer.from(`${lines.join('\n')}\n`);
    const lineEnds = lines.map((_, index) => (index + 1) * 3001);
    // The watcher stops at the first line past the cap: the 69th.
    expect(
      watched(output, lineEnds, { headLimit: 0, offset: 0 }, (text) => text).lines.length,
    ).toBe(69);
  });
});

describe('lineFilter', () => {
  const run = (mode: string, raw: string[]) => {
    const filter = lineFilter(mode, (file) => file.includes('.env'));
    return [...raw.flatMap((line) => filter.push(line)), ...filter.end()];
  };

  it('drops withheld files from content, with their separators, keeping empty content lines', () => {
    expect(
      run('content', ['/w/.env\0TOKEN', '', '/w/a\0x', '', 'y', '', '/w/s/.env\0T', '--', 'U']),
    ).toEqual(['/w/a', 'x', '', 'y']);
    expect(run('content', ['/w/a\0x', '', '', '/w/b\0', '/w/.env\0z', ''])).toEqual([
      '/w/a',
      'x',
      '',
      '',
      '/w/b',
      '',
    ]);
  });

  it('drops withheld paths and path:count lines', () => {
    expect(run('files_with_matches', ['/w/.env', '/w/a'])).toEqual(['/w/a']);
    expect(run('count', ['/w/.env:3', '/w/a:b:1'])).toEqual(['/w/a:b:1']);
  });
});
