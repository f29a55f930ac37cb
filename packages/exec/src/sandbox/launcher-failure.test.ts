import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExecManager } from '../manager.js';
import type { MonitorTerminalRecord } from '../monitor-mailbox.js';
import { supportsPty } from '../spawn-child.js';
import { temporaryDirectory, testManager } from '../testing/fixtures.js';

const owner = '/root';

function confinedManager(): ExecManager {
  return testManager({
    sandbox: 'required',
    protectedPaths: [],
    hostEnvironment: { PATH: '/usr/local/bin:/usr/bin:/bin' },
  });
}

// A read grant whose source is gone by launch: Bubblewrap refuses it while setting up.
function vanishedRead(): { path: string; grant: object } {
  const path = join(temporaryDirectory('exec-vanished-'), 'gone');
  return {
    path,
    grant: {
      sandbox_permissions: 'with_additional_permissions',
      additional_permissions: { file_system: { read: [path] } },
      justification: 'read the fixture',
      hostDecision: 'approved',
    },
  };
}

describe('Bubblewrap set-up failures', { timeout: 30_000 }, () => {
  it('settles a Bash command whose sandbox cannot be set up as a sandbox failure', async () => {
    const manager = confinedManager();
    const { path, grant } = vanishedRead();
    const result = await manager.runBash({
      owner,
      command: 'echo ran',
      yieldTimeMs: 30_000,
      ...grant,
    });
    expect(result.success ? result.value.facts : result.error.code).toBe('sandbox-failed');
    expect(result.success ? undefined : result.error.message).toBe(
      `Bubblewrap could not set up the sandbox, so the command did not run: bwrap: Can't find source path ${path}: No such file or directory`,
    );
    expect(manager.liveCount).toBe(0);
  });

  it('reports the set-up failure of a terminal command too', async () => {
    // Without a terminal backend this fails by name rather than being skipped unseen.
    expect(supportsPty(), 'util-linux `script` is missing: install bsdutils or util-linux').toBe(
      true,
    );
    const manager = confinedManager();
    const { path, grant } = vanishedRead();
    const result = await manager.runBash({
      owner,
      command: 'echo ran',
      tty: true,
      yieldTimeMs: 30_000,
      ...grant,
    });
    expect(result.success ? result.value.facts : result.error.message).toContain(
      `bwrap: Can't find source path ${path}`,
    );
  });

  it('keeps a confined exit 1 an ordinary exit', async () => {
    const manager = confinedManager();
    const result = await manager.runBash({
      owner,
      command: 'echo "bwrap: not really"; exit 1',
      yieldTimeMs: 30_000,
    });
    if (!result.success) throw result.error;
    expect([
      result.value.output,
      result.value.facts.termination,
      result.value.facts.exitCode,
    ]).toEqual(['bwrap: not really\n', 'exited', 1]);
  });

  it('keeps the facts of a confined command killed by a signal', async () => {
    const manager = confinedManager();
    const result = await manager.runBash({ owner, command: 'kill -KILL $$', yieldTimeMs: 30_000 });
    if (!result.success) throw result.error;
    // Bubblewrap's init reports a signalled command as 128 + the signal number, as a shell does.
    expect(result.value.facts).toMatchObject({
      state: 'completed',
      termination: 'exited',
      exitCode: 137,
      outcome: 'failure',
    });
  });

  it('keeps a stopped confined command stopped', async () => {
    const manager = confinedManager();
    const started = await manager.runBash({ owner, command: 'sleep 300', yieldTimeMs: 250 });
    if (!started.success) throw started.error;
    const stopped = await manager.stopExecution({
      owner,
      executionId: started.value.facts.executionId,
    });
    expect(stopped.success && stopped.value.facts).toMatchObject({
      state: 'completed',
      termination: 'stopped',
    });
  });

  it('returns a failure, never a result, for a helper whose sandbox cannot be set up', async () => {
    const manager = confinedManager();
    const missing = join(temporaryDirectory('exec-vanished-'), 'gone');
    const result = await manager.runHelper({
      argv: ['bash', '-c', 'exit 1'],
      readRoots: [missing],
      timeoutMs: 10_000,
    }).result;
    expect(result.success ? result.value.facts : result.error.code).toBe('sandbox-failed');
    expect(result.success ? undefined : result.error.message).toContain(
      `bwrap: Can't find source path ${missing}`,
    );
  });

  it('returns a failure for a confined helper whose executable is missing', async () => {
    const manager = confinedManager();
    const result = await manager.runHelper({ argv: ['definitely-not-a-command-xyz'] }).result;
    expect(result.success ? result.value.facts : result.error.message).toContain(
      'bwrap: execvp definitely-not-a-command-xyz',
    );
  });

  it('still reports a confined helper that exits 1 as a fact, and a cancelled one as stopped', async () => {
    const manager = confinedManager();
    const exited = await manager.runHelper({ argv: ['bash', '-c', 'exit 1'] }).result;
    expect(exited.success && exited.value.facts.exitCode).toBe(1);
    const run = manager.runHelper({
      argv: ['bash', '-c', 'echo up; sleep 300'],
      onStdout: () => run.cancel(),
    });
    const cancelled = await run.result;
    expect(cancelled.success && cancelled.value.facts.termination).toBe('stopped');
  });

  it('ends a Monitor whose sandbox cannot be set up with a sandbox-failed terminal record', async () => {
    const manager = confinedManager();
    const { grant } = vanishedRead();
    const terminal = new Promise<MonitorTerminalRecord>((resolve) => {
      manager.monitors.subscribe((record) => {
        if (record.kind === 'terminal') resolve(record);
      });
    });
    const started = await manager.startMonitor({
      owner,
      command: 'echo ran',
      description: 'watch',
      ...grant,
    });
    if (!started.success) throw started.error;
    expect(await terminal).toMatchObject({
      termination: 'sandbox-failed',
      outcome: 'failure',
      eventCount: 0,
    });
  });
});
