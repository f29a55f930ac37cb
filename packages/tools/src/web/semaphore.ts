/** What `run` did: the task's value, or nothing when the signal aborted while it waited. */
export type SlotOutcome<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

/** A counting semaphore: `run` waits for one of `limit` slots and frees it when done. */
export interface Semaphore {
  /**
   * Runs `task` in a free slot. If `signal` aborts before a slot is free, the wait ends at
   * once, the task never runs, and no slot is taken.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<SlotOutcome<T>>;
}

/** Creates a semaphore admitting at most `limit` tasks at a time, in arrival order. */
export function createSemaphore(limit: number): Semaphore {
  let active = 0;
  const waiting: (() => void)[] = [];
  // A freed slot passes straight to the next waiter, so a newcomer cannot overtake it.
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) active -= 1;
    else next();
  };
  // Resolves true once a slot is this caller's, false when the signal aborted first.
  const acquire = (signal: AbortSignal | undefined): Promise<boolean> => {
    if (signal?.aborted) return Promise.resolve(false);
    if (active < limit) {
      active += 1;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const granted = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      };
      const onAbort = () => {
        const index = waiting.indexOf(granted);
        if (index >= 0) waiting.splice(index, 1);
        resolve(false);
      };
      waiting.push(granted);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  };
  return {
    async run(task, signal) {
      if (!(await acquire(signal))) return { ran: false };
      try {
        return { ran: true, value: await task() };
      } finally {
        release();
      }
    },
  };
}
