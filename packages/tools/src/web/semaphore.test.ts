import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.js';

describe('createSemaphore', () => {
  it('ends a queued wait when its signal aborts, without running the task or taking a slot', async () => {
    const semaphore = createSemaphore(2);
    const releases: (() => void)[] = [];
    const hold = () => new Promise<string>((resolve) => releases.push(() => resolve('held')));
    const first = semaphore.run(hold);
    const second = semaphore.run(hold);
    const controller = new AbortController();
    let queuedRan = false;
    const queued = semaphore.run(async () => {
      queuedRan = true;
      return 'queued';
    }, controller.signal);
    const after = semaphore.run(async () => 'after');
    controller.abort();
    expect(await queued).toEqual({ ran: false });
    for (const release of releases) release();
    expect(await Promise.all([first, second, after])).toEqual([
      { ran: true, value: 'held' },
      { ran: true, value: 'held' },
      { ran: true, value: 'after' },
    ]);
    expect(queuedRan).toBe(false);
  });

  it('does not run a task whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await createSemaphore(1).run(async () => 1, controller.signal)).toEqual({ ran: false });
  });
});
