import { BudgetError } from './guest-error.js';
import type { Machine } from './machine.js';
import type { Clock } from './tool-types.js';

/** Internal: the evaluation's signal aborted. */
export class Cancelled extends Error {}

/** Waits for a tool call to settle, or rejects on cancellation or when the wall-time budget runs out. */
export async function waitFor(
  pending: Promise<void>,
  machine: Machine,
  clock: Clock,
  signal: AbortSignal,
): Promise<void> {
  let timer: unknown;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    const remaining = Math.max(0, machine.deadline - clock.now());
    timer = clock.setTimeout(
      () =>
        reject(
          new BudgetError(
            'wall-time',
            `wall-time budget exceeded: limit ${machine.limits.wallTime} ms while waiting for a nested call after ${machine.steps} steps`,
          ),
        ),
      remaining,
    );
    onAbort = () => reject(new Cancelled('cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([pending, stop]);
  } finally {
    clock.clearTimeout(timer);
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}
