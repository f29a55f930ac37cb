/**
 * The results of a nested call that waited for a free slot of its `parallel` or
 * `parallel-map` join and never started: the script was cancelled first, or the session
 * ended first (recovery). Such a row has no arguments, and a renderer can say that the call
 * never ran, which it cannot say of a started call whose arguments were too large to keep.
 */
export const UNSTARTED_RESULTS = {
  cancelled: 'Cancelled: the script stopped before this queued call started.',
  interrupted: 'Interrupted: the session ended before this queued call started.',
} as const;

/** Whether a nested call's row (its status, arguments and result) is one that never started. */
export function isUnstartedCall(row: {
  readonly status: string | undefined;
  readonly args: unknown;
  readonly result: unknown;
}): boolean {
  if (row.args != null) return false;
  if (row.status === 'cancelled') return row.result === UNSTARTED_RESULTS.cancelled;
  if (row.status === 'interrupted') return row.result === UNSTARTED_RESULTS.interrupted;
  return false;
}
