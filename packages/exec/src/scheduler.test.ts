import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type Lane, LaneScheduler, type Lease } from './scheduler.js';

describe('LaneScheduler', () => {
  it('admits in FIFO order so a waiting exclusive call blocks later shared calls', async () => {
    const scheduler = new LaneScheduler();
    const order: string[] = [];
    const first = await scheduler.acquire('shared').lease;
    const writer = scheduler.acquire('exclusive');
    const reader = scheduler.acquire('shared');
    void writer.lease.then(() => order.push('writer'));
    void reader.lease.then(() => order.push('reader'));
    await Promise.resolve();
    const before = [...order];
    first?.release();
    const writerLease = await writer.lease;
    const during = [...order];
    writerLease?.release();
    await reader.lease;
    expect({ immediate: [writer.immediate, reader.immediate], before, during, order }).toEqual({
      immediate: [false, false],
      before: [],
      during: ['writer'],
      order: ['writer', 'reader'],
    });
  });

  it('lets the next calls through when a waiting exclusive call is cancelled', async () => {
    const scheduler = new LaneScheduler();
    const first = await scheduler.acquire('shared').lease;
    const writer = scheduler.acquire('exclusive');
    const reader = scheduler.acquire('shared');
    writer.cancel();
    expect([await writer.lease, (await reader.lease)?.lane, scheduler.active]).toEqual([
      null,
      'shared',
      { shared: 2, exclusive: false },
    ]);
    first?.release();
  });

  test.prop([
    fc.array(fc.record({ lane: fc.constantFrom<Lane>('shared', 'exclusive'), hold: fc.nat(3) }), {
      minLength: 1,
      maxLength: 30,
    }),
  ])('never overlaps an exclusive lease and grants in request order', async (calls) => {
    const scheduler = new LaneScheduler();
    const granted: number[] = [];
    let violations = 0;
    const runs = calls.map(async ({ lane, hold }, index) => {
      const lease = (await scheduler.acquire(lane).lease) as Lease;
      granted.push(index);
      const { shared, exclusive } = scheduler.active;
      if (exclusive && shared > 0) violations += 1;
      for (let tick = 0; tick < hold; tick += 1) await Promise.resolve();
      lease.release();
    });
    await Promise.all(runs);
    expect({ violations, granted }).toEqual({ violations: 0, granted: calls.map((_, i) => i) });
  });
});
