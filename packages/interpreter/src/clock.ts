import type { Clock } from './tool-types.js';

type Hrtime = () => [number, number];

let readClock: (() => number) | undefined;

/**
 * Monotonic milliseconds: Node's `process.hrtime` where there is one, else `performance.now`.
 * Node's global `performance` loads its perf_hooks on first use, about a millisecond that
 * would land on a process's first evaluation; `process.hrtime` is there from the start.
 */
function monotonicNow(): number {
  if (readClock === undefined) {
    const hrtime = (globalThis as { process?: { hrtime?: Hrtime } }).process?.hrtime;
    readClock =
      typeof hrtime === 'function'
        ? () => {
            const [seconds, nanoseconds] = hrtime();
            return seconds * 1e3 + nanoseconds / 1e6;
          }
        : () => globalThis.performance.now();
  }
  return readClock();
}

/** The host clock, looked up on the global object so the core stays runtime-neutral. */
export const systemClock: Clock = {
  now: monotonicNow,
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type Host = {
  setImmediate?: (callback: () => void) => unknown;
  MessageChannel?: new () => {
    port1: { onmessage: (() => void) | null; close(): void };
    port2: { postMessage(message: unknown): void; close(): void };
  };
};

// Browsers clamp nested setTimeout(0) to 4 ms; a message round trip returns at once.
// Slices last milliseconds, so a channel per yield costs nothing, and closing it never keeps the host alive.
function messageRoundTrip(Channel: NonNullable<Host['MessageChannel']>): Promise<void> {
  return new Promise((resolve) => {
    const ports = new Channel();
    ports.port1.onmessage = () => {
      ports.port1.close();
      ports.port2.close();
      resolve();
    };
    ports.port2.postMessage(0);
  });
}

/** Returns to the event loop once: the clock's own `yield`, else setImmediate, a MessageChannel, or setTimeout 0. */
export function yieldWith(clock: Clock): Promise<void> {
  if (clock.yield !== undefined) return clock.yield();
  const host = globalThis as unknown as Host;
  const immediate = host.setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => immediate(resolve));
  if (typeof host.MessageChannel === 'function') {
    return messageRoundTrip(host.MessageChannel);
  }
  return new Promise((resolve) => clock.setTimeout(resolve, 0));
}
