import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxMode } from './sandbox/decide.js';
import { testManager } from './testing/fixtures.js';

const owner = '/root';

/** When the stop is issued, relative to the call that starts the process. */
const moments: ReadonlyArray<{ name: string; pause: () => Promise<void> }> = [
  { name: 'same tick', pause: () => Promise.resolve() },
  { name: 'setImmediate', pause: () => new Promise((resolve) => setImmediate(resolve)) },
  ...[1, 2, 4, 8, 16, 32].map((ms) => ({
    name: `${ms} ms`,
    pause: () => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  })),
];
const ROUNDS = 3;

function readText(path: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return '';
  }
}

/**
 * The live (non-zombie) processes carrying `marker` in their command line or environment: the
 * launcher, the shell and the command that inherits the marker variable.
 */
function liveMarked(marker: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readText(`/proc/${name}/stat`);
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === '' || state === 'Z' || state === 'X') continue;
    if (
      readText(`/proc/${name}/cmdline`).includes(marker) ||
      readText(`/proc/${name}/environ`).includes(marker)
    ) {
      pids.push(Number(name));
    }
  }
  return pids;
}

const markers: string[] = [];

function freshMarker(): string {
  const marker = `STOP_ANYTIME_${randomBytes(6).toString('hex')}`;
  markers.push(marker);
  return marker;
}

// A failing run must not leave its watchers behind for the rest of the suite.
afterEach(() => {
  for (const marker of markers.splice(0)) {
    for (const pid of liveMarked(marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
});

function command(marker: string): string {
  return `echo event; STOP_ANYTIME_MARK=${marker} sleep 300`;
}

const modes: ReadonlyArray<{ name: string; sandbox: SandboxMode }> = [
  { name: 'unconfined', sandbox: 'off' },
  { name: 'Bubblewrap-confined', sandbox: 'required' },
];

describe.each(modes)('a stop at any moment of a $name launch', ({ sandbox }) => {
  it('ends the whole tree of a Monitor stopped right after it starts', {
    timeout: 120_000,
  }, async () => {
    const manager = testManager({ sandbox });
    const survivors: Array<{ moment: string; pids: number[] }> = [];
    for (const moment of moments) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const marker = freshMarker();
        const started = await manager.startMonitor({
          owner,
          command: command(marker),
          description: 'watcher',
        });
        if (!started.success) throw started.error;
        await moment.pause();
        const stopped = await manager.stopExecution({
          owner,
          executionId: started.value.facts.executionId,
        });
        if (!stopped.success) throw stopped.error;
        const pids = liveMarked(marker);
        if (pids.length > 0) survivors.push({ moment: moment.name, pids });
      }
    }
    expect(survivors).toEqual([]);
  });

  it('ends the whole tree of a Bash command aborted while it launches or runs', {
    timeout: 120_000,
  }, async () => {
    const manager = testManager({ sandbox });
    const survivors: Array<{ moment: string; pids: number[] }> = [];
    for (const moment of moments) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const marker = freshMarker();
        const controller = new AbortController();
        const running = manager.runBash({
          owner,
          command: command(marker),
          signal: controller.signal,
        });
        await moment.pause();
        controller.abort();
        const result = await running;
        if (!result.success) throw result.error;
        expect(result.value.facts.termination).toBe('aborted');
        const pids = liveMarked(marker);
        if (pids.length > 0) survivors.push({ moment: moment.name, pids });
      }
    }
    expect(survivors).toEqual([]);
  });
});
