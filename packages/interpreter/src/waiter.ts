import { yieldWith } from './clock.js';
import { BudgetError } from './guest-error.js';
import type { Machine } from './machine.js';
import type { Clock } from './tool-types.js';

/** Internal: the evaluation's signal aborted. */
export class Cancelled extends Error {}

/** Milliseconds the machine computes before returning to the event loop. */
const SLICE_MS = 8;

/**
 * Runs an evaluation's machine to completion. A settling tool call resumes the machine
 * directly, and one deadline timer serves the whole evaluation, so a nested call costs
 * no timer, listener or extra promise.
 */
export class Waiter {
  /** Set once the evaluation's signal aborted. */
  cancelled = false;
  /** The denial that ends the script, once a call is denied. */
  fatal: () => unknown = () => undefined;
  private resolve: () => void = () => {};
  private reject: (error: unknown) => void = () => {};
  private finished = false;
  private waiting = false;
  /** A wake that came before its wait, with its error if any. */
  private early: { error: unknown } | undefined;
  private stop: unknown;
  private timer: unknown;
  private armed = false;

  constructor(
    private readonly machine: Machine,
    private readonly clock: Clock,
  ) {}

  /** Runs the machine until the program finishes, fails, or the evaluation stops. */
  run(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.step(true);
    });
  }

  /** Resumes the machine after the calls it waits on settled, or fails it with `error`. */
  readonly wake = (error?: unknown): void => {
    if (this.finished) return;
    if (!this.waiting) {
      this.early ??= { error };
      return;
    }
    this.waiting = false;
    const fatal = error ?? this.fatal();
    if (fatal !== undefined) this.fail(fatal);
    else this.step(false);
  };

  /** Why the evaluation stopped waiting (cancellation, wall time), once it has. */
  readonly halted = (): unknown => this.stop;

  /** Stops the evaluation as cancelled. */
  cancel(): void {
    this.cancelled = true;
    this.halt(new Cancelled('cancelled'));
  }

  /** Clears the deadline timer. */
  dispose(): void {
    if (this.armed) this.clock.clearTimeout(this.timer);
  }

  /** Runs slices until the machine finishes, waits or yields; `fresh` starts a new slice. */
  private step(fresh: boolean): void {
    if (this.finished) return;
    const machine = this.machine;
    let slice = fresh;
    try {
      while (true) {
        if (this.cancelled) throw new Cancelled('cancelled');
        const state = machine.runSlice(SLICE_MS, slice);
        slice = true;
        if (state === 'done') {
          this.finished = true;
          this.resolve();
          return;
        }
        if (state === 'yield') {
          yieldWith(this.clock).then(() => this.step(true));
          return;
        }
        machine.pending = false;
        if (this.stop !== undefined) throw this.stop;
        if (!this.armed) this.arm();
        const early = this.early;
        if (early === undefined) {
          this.waiting = true;
          return;
        }
        this.early = undefined;
        const fatal = early.error ?? this.fatal();
        if (fatal !== undefined) throw fatal;
      }
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.reject(error);
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

  // A stop only ends a wait: a running machine checks its own deadline and the cancel flag.
  private halt(error: unknown): void {
    this.stop ??= error;
    if (this.waiting) this.wake(this.stop);
  }
}
