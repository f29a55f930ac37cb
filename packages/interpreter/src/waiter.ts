import { yieldWith } from './clock.js';
import { BudgetError } from './guest-error.js';
import type { Machine } from './machine.js';
import type { Clock } from './tool-types.js';

/** Internal: the evaluation's signal aborted. */
export class Cancelled extends Error {}

const nothing = (): undefined => undefined;

function waking(waiter: Waiter): (error?: unknown) => void {
  return (error) => waiter.resumeAfter(error);
}

function halting(waiter: Waiter): () => unknown {
  return () => waiter.stopReason();
}

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
  fatal: () => unknown = nothing;
  private resolve: () => void = nothing;
  private reject: (error: unknown) => void = nothing;
  private finished = false;
  private waiting = false;
  /** A wake that came before its wait, with its error if any. */
  private early: { error: unknown } | undefined;
  private stop: unknown;
  private timer: unknown;
  private armed = false;

  /** Resumes the machine after the calls it waits on settled, or fails it with `error`. */
  readonly wake: (error?: unknown) => void;
  /** Why the evaluation stopped waiting (cancellation, wall time), once it has. */
  readonly halted: () => unknown;

  constructor(
    private readonly machine: Machine,
    private readonly clock: Clock,
  ) {
    // Made by functions of their own, not written straight into the properties: V8 allocates
    // a function written straight into a property in the old generation, where it would keep
    // this waiter, its machine and every value the script built alive until a full collection.
    this.wake = waking(this);
    this.halted = halting(this);
  }

  /**
   * Runs the machine's first slice now; a program that finishes in it (most scripts without
   * tool calls) needs no promise. Otherwise returns one that settles once the program
   * finishes, fails, or the evaluation stops.
   */
  start(): Promise<void> | undefined {
    if (this.cancelled) throw new Cancelled('cancelled');
    const state = this.machine.runSlice(SLICE_MS, true);
    if (state === 'done') {
      this.finished = true;
      return undefined;
    }
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      try {
        if (this.after(state)) this.step(true);
      } catch (error) {
        this.fail(error);
      }
    });
  }

  /** `wake`, as a method. */
  resumeAfter(error: unknown): void {
    if (this.finished) return;
    if (!this.waiting) {
      this.early ??= { error };
      return;
    }
    this.waiting = false;
    const fatal = error ?? this.fatal();
    if (fatal !== undefined) this.fail(fatal);
    else this.step(false);
  }

  /** `halted`, as a method. */
  stopReason(): unknown {
    return this.stop;
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

  /** Runs slices until the machine finishes, waits or yields; `fresh` starts a new slice. */
  private step(fresh: boolean): void {
    if (this.finished) return;
    let slice = fresh;
    try {
      while (true) {
        if (this.cancelled) throw new Cancelled('cancelled');
        const state = this.machine.runSlice(SLICE_MS, slice);
        slice = true;
        if (!this.after(state)) return;
      }
    } catch (error) {
      this.fail(error);
    }
  }

  /** Acts on how a slice ended; true when the machine should run again at once. */
  private after(state: 'done' | 'pending' | 'yield'): boolean {
    if (state === 'done') {
      this.finished = true;
      this.resolve();
      return false;
    }
    if (state === 'yield') {
      yieldWith(this.clock).then(() => this.step(true));
      return false;
    }
    this.machine.pending = false;
    if (this.stop !== undefined) throw this.stop;
    if (!this.armed) this.arm();
    const early = this.early;
    if (early === undefined) {
      this.waiting = true;
      return false;
    }
    this.early = undefined;
    const fatal = early.error ?? this.fatal();
    if (fatal !== undefined) throw fatal;
    return true;
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
