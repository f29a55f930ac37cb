import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { evaluate } from './index.js';

// What an evaluation leaves for the collector once it has returned. A value that something
// old still points at survives young collections and is promoted, to wait for a full one: a
// host running many scripts then pays for copying every script's data. Young collections
// only, so the old generation's garbage stays where it is and what was promoted shows.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;

function oldSpaceUsed(): number {
  const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
  return old?.space_used_size ?? 0;
}

/**
 * Bytes promoted to the old generation per evaluation of `source`, young collections only: the
 * median over runs, since a run now and then also promotes the compiler's own data (optimized
 * code, feedback), while kept script values show in every run.
 */
async function promotedPerRun(source: string): Promise<number> {
  for (let warm = 0; warm < 30; warm++) await evaluate(source);
  gc({ type: 'major' });
  const runs = 20;
  const grown: number[] = [];
  for (let run = 0; run < runs; run++) {
    const before = oldSpaceUsed();
    const outcome = await evaluate(source);
    expect(outcome.success).toBe(true);
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    grown.push(oldSpaceUsed() - before);
  }
  grown.sort((a, b) => a - b);
  return grown[Math.floor(runs / 2)] ?? 0;
}

describe('what an evaluation keeps alive', () => {
  // A 1,000-element list is about 32 KB. Kept alive by the evaluation's own bookkeeping,
  // each run promoted about 44 KB; released, a run promotes well under 2 KB.
  it('releases the values a script built once it has returned', async () => {
    const source =
      '(let ((items nil)) (dotimes (i 1000) (setq items (cons i items))) (length items))';
    expect(await promotedPerRun(source)).toBeLessThan(8_000);
  });

  it('releases them when the script expanded a macro', async () => {
    const source = `(defmacro push-on (value place) (list 'setq place (list 'cons value place)))
(let ((items nil)) (dotimes (i 1000) (push-on i items)) (length items))`;
    expect(await promotedPerRun(source)).toBeLessThan(8_000);
  });
});
