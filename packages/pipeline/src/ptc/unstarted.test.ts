import { describe, expect, it } from 'vitest';
import { isUnstartedCall, UNSTARTED_RESULTS } from './unstarted.js';

describe('isUnstartedCall', () => {
  it('recognises a queued call cancelled or interrupted before it started', () => {
    expect(
      isUnstartedCall({ status: 'cancelled', args: null, result: UNSTARTED_RESULTS.cancelled }),
    ).toBe(true);
    expect(
      isUnstartedCall({ status: 'interrupted', args: null, result: UNSTARTED_RESULTS.interrupted }),
    ).toBe(true);
  });

  it('never says it of a call that may have run', () => {
    // A started call whose arguments were too large to keep also has none in the audit.
    expect(isUnstartedCall({ status: 'cancelled', args: null, result: 'cancelled' })).toBe(false);
    expect(
      isUnstartedCall({
        status: 'interrupted',
        args: null,
        result: 'Interrupted: the session ended before this call settled.',
      }),
    ).toBe(false);
    expect(
      isUnstartedCall({ status: 'cancelled', args: { n: 1 }, result: UNSTARTED_RESULTS.cancelled }),
    ).toBe(false);
    // A result that matches under another status is a tool's own text.
    expect(
      isUnstartedCall({ status: 'error', args: null, result: UNSTARTED_RESULTS.cancelled }),
    ).toBe(false);
    expect(
      isUnstartedCall({ status: 'interrupted', args: null, result: UNSTARTED_RESULTS.cancelled }),
    ).toBe(false);
  });
});
