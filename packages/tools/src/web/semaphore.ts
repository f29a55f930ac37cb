/** A counting semaphore: `run` waits for one of `limit` slots and frees it when done. */
export interface Semaphore {
  run<T>(task: () => Promise<T>): Promise<T>;
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
  return {
    async run(task) {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
