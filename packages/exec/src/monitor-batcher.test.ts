import { describe, expect, it } from 'vitest';
import { type MonitorBatch, MonitorBatcher, type MonitorClock } from './monitor-batcher.js';
import { MonitorLineFramer } from './monitor-lines.js';

function fakeClock() {
  let now = 0;
  const timers: Array<{ at: number; callback: () => void } | undefined> = [];
  const clock: MonitorClock = {
    now: () => now,
    setTimeout: (callback, ms) => timers.push({ at: now + ms, callback }) - 1,
    clearTimeout: (handle) => {
      timers[handle as number] = undefined;
    },
  };
  return {
    clock,
    armed: () => timers.filter(Boolean).length,
    advance(ms: number) {
      now += ms;
      for (const [index, timer] of timers.entries()) {
        if (timer && timer.at <= now) {
          timers[index] = undefined;
          timer.callback();
        }
      }
    },
  };
}

function harness(unread = () => 0) {
  const time = fakeClock();
  const batches: MonitorBatch[] = [];
  let floods = 0;
  const batcher = new MonitorBatcher(
    {
      publish: (batch) => batches.push(batch),
      unreadBytes: unread,
      flood: () => {
        floods += 1;
      },
    },
    time.clock,
  );
  return { time, batches, batcher, floods: () => floods };
}

const line = (text: string) => ({ text, truncatedChars: 0 });

describe('MonitorBatcher', () => {
  it('publishes lines pushed within 200 ms as one batch under one timer', () => {
    const { time, batches, batcher } = harness();
    batcher.push([line('a')]);
    time.advance(100);
    batcher.push([line('b')]);
    const armed = time.armed();
    time.advance(99);
    const early = batches.length;
    time.advance(1);
    expect({ armed, early, batches, after: time.armed() }).toEqual({
      armed: 1,
      early: 0,
      batches: [{ lines: [line('a'), line('b')], omitted: 0 }],
      after: 0,
    });
  });

  it('bounds a batch to 8 KiB and counts the rest as omitted', () => {
    const { time, batches, batcher } = harness();
    batcher.push(Array.from({ length: 10 }, (_, index) => line(String(index).repeat(1_000))));
    time.advance(200);
    expect(batches.map(({ lines, omitted }) => [lines.length, omitted])).toEqual([[8, 2]]);
  });

  it('floods once past 100 lines in a rolling 60 s and ignores later lines', () => {
    const { time, batches, batcher, floods } = harness();
    for (let index = 0; index < 100; index += 1) {
      batcher.push([line(`x${index}`)]);
      time.advance(500);
    }
    // 100 lines over 50 s: the window still holds all of them, so the next one floods.
    const beforeFlood = floods();
    batcher.push([line('101st')]);
    batcher.push([line('ignored')]);
    time.advance(200);
    expect([beforeFlood, floods(), batches.flatMap((batch) => batch.lines).length]).toEqual([
      0, 1, 100,
    ]);
  });

  it('does not flood when old lines leave the 60 s window', () => {
    const { time, batcher, floods } = harness();
    for (let index = 0; index < 300; index += 1) {
      batcher.push([line('y')]);
      time.advance(700);
    }
    expect(floods()).toBe(0);
  });

  it('floods when the unread events pass 64 KiB', () => {
    let unread = 0;
    const { time, batcher, floods } = harness(() => unread);
    batcher.push([line('a')]);
    unread = 64 * 1024 + 1;
    time.advance(200);
    expect(floods()).toBe(1);
  });

  it('publishes pending lines at close and nothing after', () => {
    const { time, batches, batcher } = harness();
    batcher.push([line('a')]);
    batcher.close([line('tail')]);
    batcher.push([line('late')]);
    time.advance(1_000);
    expect(batches).toEqual([{ lines: [line('a'), line('tail')], omitted: 0 }]);
  });
});

describe('MonitorLineFramer', () => {
  it('frames lines across chunks, normalises CRLF and truncates long lines with a count', () => {
    const framer = new MonitorLineFramer();
    const euro = Buffer.from('€');
    const lines = [
      ...framer.feed(Buffer.from('one\r\ntw')),
      ...framer.feed(Buffer.concat([Buffer.from('o '), euro.subarray(0, 1)])),
      ...framer.feed(Buffer.concat([euro.subarray(1), Buffer.from(`\n${'z'.repeat(2_005)}\n`)])),
      ...framer.feed(Buffer.from('partial')),
      ...framer.end(),
    ];
    expect(lines).toEqual([
      line('one'),
      line('two €'),
      { text: 'z'.repeat(2_000), truncatedChars: 5 },
      line('partial'),
    ]);
  });
});
