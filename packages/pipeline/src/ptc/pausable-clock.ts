import { type Clock, systemClock } from '@toolcall/interpreter';

/** A clock whose time stands still while paused, for a wall-time budget that excludes waits. */
export interface PausableClock {
  readonly clock: Clock;
  /** Stops time; pauses nest, so overlapping waits count once. */
  pause(): void;
  resume(): void;
  /** Milliseconds spent paused so far. */
  excluded(): number;
}

interface Timer {
  due: number;
  handle: unknown;
  done: boolean;
  readonly callback: () => void;
}

function defaultYield(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown })
    .setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => immediate(resolve));
  return new Promise((resolve) => globalThis.setTimeout(resolve, 0));
}

/**
 * Wraps `base` so that time spent paused (waiting for a person to answer a permission
 * prompt) never counts: `now()` stands still and timers due in that time move later.
 */
export function createPausableClock(base: Clock = systemClock): PausableClock {
  let depth = 0;
  let pausedAt = 0;
  let excluded = 0;
  const parked = new Set<Timer>();
  const now = (): number => (depth > 0 ? pausedAt : base.now()) - excluded;
  const arm = (timer: Timer): void => {
    timer.handle = base.setTimeout(() => fire(timer), Math.max(0, timer.due - now()));
  };
  const fire = (timer: Timer): void => {
    if (timer.done) return;
    if (depth > 0) {
      parked.add(timer);
      return;
    }
    if (now() < timer.due) {
      arm(timer);
      return;
    }
    timer.done = true;
    timer.callback();
  };
  const clock: Clock = {
    now,
    setTimeout(callback, ms) {
      const timer: Timer = { due: now() + ms, handle: undefined, done: false, callback };
      arm(timer);
      return timer;
    },
    clearTimeout(handle) {
      const timer = handle as Timer;
      timer.done = true;
      parked.delete(timer);
      base.clearTimeout(timer.handle);
    },
    yield: base.yield === undefined ? defaultYield : () => (base.yield as () => Promise<void>)(),
  };
  return {
    clock,
    pause() {
      if (depth++ === 0) pausedAt = base.now();
    },
    resume() {
      if (depth === 0) return;
      if (--depth > 0) return;
      excluded += base.now() - pausedAt;
      for (const timer of parked) arm(timer);
      parked.clear();
    },
    excluded: () => excluded + (depth > 0 ? base.now() - pausedAt : 0),
  };
}
