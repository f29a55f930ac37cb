import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  handleHostSignals,
  registerHostCleanup,
  runHostCleanups,
  signalExitCode,
} from './host-signals.js';

/** A signal source and the exit codes asked for, in order. */
function harness(options: Parameters<typeof handleHostSignals>[0] = {}) {
  const source = new EventEmitter();
  const exits: number[] = [];
  let exited: () => void = () => {};
  const firstExit = new Promise<void>((resolve) => {
    exited = resolve;
  });
  const handle = handleHostSignals({
    ...options,
    source,
    exit: (code) => {
      exits.push(code);
      exited();
    },
  });
  return { source, exits, firstExit, handle };
}

afterEach(() => runHostCleanups());

describe('signalExitCode', () => {
  it('returns 128 plus the signal number', () => {
    expect([signalExitCode('SIGHUP'), signalExitCode('SIGINT'), signalExitCode('SIGTERM')]).toEqual(
      [129, 130, 143],
    );
  });
});

describe('handleHostSignals', () => {
  it('starts the host ending, waits for it, runs the cleanups, then exits 128 + signal', async () => {
    const order: string[] = [];
    let finish: () => void = () => {};
    const ended = new Promise<void>((resolve) => {
      finish = resolve;
    });
    registerHostCleanup(async () => {
      order.push('cleanup');
    });
    const { source, exits, firstExit, handle } = harness({
      onSignal: (signal) => {
        order.push(`signal ${signal}`);
        setImmediate(() => {
          order.push('ended');
          finish();
        });
      },
      ended: () => ended,
    });
    source.emit('SIGTERM');
    await firstExit;
    expect(order).toEqual(['signal SIGTERM', 'ended', 'cleanup']);
    expect(exits).toEqual([143]);
    expect(handle.received()).toBe('SIGTERM');
    handle.dispose();
  });

  it('exits at once with the second signal while the cleanups still run', async () => {
    let started: () => void = () => {};
    const cleaning = new Promise<void>((resolve) => {
      started = resolve;
    });
    const stuck = registerHostCleanup(() => {
      started();
      return new Promise<void>(() => {});
    });
    const { source, exits, handle } = harness();
    source.emit('SIGHUP');
    await cleaning;
    source.emit('SIGINT');
    expect(exits).toEqual([130]);
    handle.dispose();
    stuck.unregister();
  });

  it('runs the cleanups after the grace interval when the host ending never comes', async () => {
    let ran = false;
    registerHostCleanup(async () => {
      ran = true;
    });
    const { source, exits, firstExit, handle } = harness({
      ended: () => new Promise(() => {}),
      graceMs: 1,
    });
    source.emit('SIGINT');
    await firstExit;
    expect([ran, exits]).toEqual([true, [130]]);
    handle.dispose();
  });
});

describe('registerHostCleanup', () => {
  it('runs a cleanup once, whether the host or a signal asks first', async () => {
    let runs = 0;
    const cleanup = registerHostCleanup(async () => {
      runs += 1;
    });
    await Promise.all([cleanup.close(), runHostCleanups(), cleanup.close()]);
    await runHostCleanups();
    expect(runs).toBe(1);
  });

  it('keeps running the other cleanups when one fails', async () => {
    let ran = false;
    registerHostCleanup(() => Promise.reject(new Error('broken')));
    registerHostCleanup(async () => {
      ran = true;
    });
    await runHostCleanups();
    expect(ran).toBe(true);
  });
});

describe('handleHostSignals with a stuck cleanup', () => {
  it('exits once the grace interval has passed', async () => {
    const stuck = registerHostCleanup(() => new Promise<void>(() => {}));
    const { source, exits, firstExit, handle } = harness({ graceMs: 1 });
    source.emit('SIGTERM');
    await firstExit;
    expect(exits).toEqual([143]);
    handle.dispose();
    stuck.unregister();
  });
});
