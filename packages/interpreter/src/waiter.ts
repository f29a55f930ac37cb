import { BudgetError } from './guest-error.js';
import type { Machine } from './machine.js';
import type { Clock } from './tool-types.js';

/** Internal: the evaluation's signal aborted. */
export class Cancelled extends Error {}

/**
 * Suspends an evaluation while its tool calls run. One deadline timer and one abort
 * listener serve the whole evaluation, so a wait costs one promise and nothing else.
 */
export class Waiter {
  /** Set once the evaluation's signal aborted. */
  cancelled = false;
  private resolve: (() => void) | undefined;
  private reject: ((error: unknown) => void) | undefined;
  /** A wake that came before its wait: `null` for a plain resume, else the error. */
  private early: { error: unknown } | undefined;
  private stop: unknown;
  private timer: unknown;
  private armed = false;

  constructor(
    private readonly machine: Machine,
    private readonly clock: Clock,
  ) {}

  /** Resumes the waiting evaluation, or fails it with `error`. */
  readonly wake = (error?: unknown): void => {
    const resolve = this.resolve;
    const reject = this.reject;
    if (resolve === undefined || reject === undefined) {
      this.early ??= { error };
      return;
    }
    this.resolve = undefined;
    this.reject = undefined;
    if (error === undefined) resolve();
    else reject(error);
  };

  /** Waits for the next wake, a cancellation or the wall-time deadline. */
  wait(): Promise<void> {
    if (this.stop !== undefined) return Promise.reject(this.stop);
    if (!this.armed) this.arm();
    const early = this.early;
    if (early !== undefined) {
      this.early = undefined;
      return early.error === undefined ? Promise.resolve() : Promise.reject(early.error);
    }
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** Stops the evaluation as cancelled. */
  cancel(): void {
    this.cancelled = true;
    this.halt(new Cancelled('cancelled'));
  }

  /** Clears the deadline timer. */
  dispose(): void {
    if (this.armed) this.clock.clearTimeout(this.timer);
  }

  private arm(): void {
    this.armed = true;
    const machine = this.machine;
    const remaining = Math.max(0, machine.deadline - this.clock.now());
    this.timer = this.clock.setTimeout(
      () =>
        this.halt(
          new BudgetError(
            'wall-time',
            `wall-time budget exceeded: limit ${machine.limits.wallTime} ms while waiting for a nested call after ${machine.steps} steps`,
          ),
        ),
      remaining,
    );
  }

  // A stop only matters to a wait: a running machine checks its own deadline and signal.
  private halt(error: unknown): void {
    this.stop ??= error;
    if (this.resolve !== undefined) this.wake(this.stop);
  }
}
