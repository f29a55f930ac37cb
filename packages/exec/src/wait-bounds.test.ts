import { describe, expect, it } from 'vitest';
import { BASH_YIELD, INPUT_WAIT, POLL_WAIT, resolveWait } from './wait-bounds.js';

describe('resolveWait', () => {
  it('applies defaults and clamps with a note', () => {
    expect([
      resolveWait(undefined, BASH_YIELD),
      resolveWait(60_000, BASH_YIELD),
      resolveWait(1_000, POLL_WAIT),
      resolveWait(undefined, INPUT_WAIT),
      resolveWait(400, INPUT_WAIT),
    ]).toEqual([
      { requestedMs: undefined, effectiveMs: 10_000 },
      {
        requestedMs: 60_000,
        effectiveMs: 30_000,
        note: 'yield_time_ms 60000 is outside 250..30000; used 30000.',
      },
      {
        requestedMs: 1_000,
        effectiveMs: 5_000,
        note: 'yield_time_ms 1000 is outside 5000..300000; used 5000.',
      },
      { requestedMs: undefined, effectiveMs: 250 },
      { requestedMs: 400, effectiveMs: 400 },
    ]);
  });

  it('throws a TypeError for a non-numeric wait', () => {
    expect(() => resolveWait(Number.NaN, BASH_YIELD)).toThrow(TypeError);
  });
});
