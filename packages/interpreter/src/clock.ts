import type { Clock } from './tool-types.js';

/** The host clock, looked up on the global object so the core stays runtime-neutral. */
export const systemClock: Clock = {
  now: () => globalThis.performance.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Returns to the event loop once, through the clock. */
export function yieldWith(clock: Clock): Promise<void> {
  if (clock.yield !== undefined) return clock.yield();
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown })
    .setImmediate;
  if (clock === systemClock && typeof immediate === 'function')
    return new Promise((resolve) => immediate(resolve));
  return new Promise((resolve) => clock.setTimeout(resolve, 0));
}
