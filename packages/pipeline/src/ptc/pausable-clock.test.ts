import type { Clock } from '@toolcall/interpreter';
import { describe, expect, it } from 'vitest';
import { createPausableClock } from './pausable-clock.js';

function manualClock() {
  let now = 0;
  const timers: { due: number; callback: () => void; live: boolean }[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout(callback, ms) {
      const timer = { due: now + ms, callback, live: true };
      timers.push(timer);
      return timer;
    },
    clearTimeout(handle) {
      (handle as { live: boolean }).live = false;
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0)) {
      if (timer.live && timer.due <= now) timer.callback();
      else if (timer.live) timers.push(timer);
    }
  };
  return { clock, advance };
}

describe('createPausableClock', () => {
  it('stands still while paused and moves timers later by the paused time', () => {
    const base = manualClock();
    const pausable = createPausableClock(base.clock);
    const fired: number[] = [];
    pausable.clock.setTimeout(() => fired.push(pausable.clock.now()), 100);
    base.advance(40);
    pausable.pause();
    pausable.pause();
    base.advance(500);
    pausable.resume();
    expect([pausable.clock.now(), fired]).toEqual([40, []]);
    pausable.resume();
    base.advance(59);
    expect(fired).toEqual([]);
    base.advance(1);
    expect([fired, pausable.excluded()]).toEqual([[100], 500]);
  });

  it('never fires a cleared timer', () => {
    const base = manualClock();
    const pausable = createPausableClock(base.clock);
    let fired = false;
    const handle = pausable.clock.setTimeout(() => {
      fired = true;
    }, 10);
    pausable.pause();
    base.advance(20);
    pausable.clock.clearTimeout(handle);
    pausable.resume();
    base.advance(20);
    expect(fired).toBe(false);
  });
});
