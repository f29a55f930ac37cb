import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Spool } from './spool.js';
import { temporaryDirectory } from './testing/fixtures.js';

describe('Spool', () => {
  it('writes up to its cap and reports the limit without advancing past it', async () => {
    const path = join(temporaryDirectory(), 'spool');
    const spool = Spool.create({ path, limitBytes: 10 });
    const outcomes = await Promise.all([
      spool.append(Buffer.from('abc\n')),
      spool.append(Buffer.from('defghij\n')),
      spool.append(Buffer.from('more')),
    ]);
    expect({
      outcomes,
      bytes: spool.bytes,
      lines: spool.lines,
      text: (await spool.read(0)).toString(),
    }).toEqual({ outcomes: ['limit', 'limit', 'limit'], bytes: 10, lines: 1, text: 'abc\ndefghi' });
    await spool.release();
    await spool.release();
    expect(existsSync(path)).toBe(false);
  });

  it('fails without advancing counters when the file cannot be written', async () => {
    const spool = Spool.create({ path: '/dev/full', owned: false });
    const outcome = await spool.append(Buffer.from('lost'));
    expect([
      outcome,
      spool.bytes,
      spool.lines,
      (spool.failure as NodeJS.ErrnoException).code,
    ]).toEqual(['failed', 0, 0, 'ENOSPC']);
    await spool.release();
    expect(existsSync('/dev/full')).toBe(true);
  });
});
