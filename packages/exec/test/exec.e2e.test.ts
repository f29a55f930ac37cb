import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/exec as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/exec');
    const cjs = createRequire(import.meta.url)('@toolcall/exec');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.ExecError.isInstance).toBe('function');
    expect(cjs.ExecError.isInstance(new esm.ExecError('spawn-failed', 'x'))).toBe(true);
  });

  it('runs, yields, polls and stops real commands through both builds', async () => {
    const esm = await import('@toolcall/exec');
    const cjs = createRequire(import.meta.url)('@toolcall/exec') as typeof esm;
    const workspace = mkdtempSync(join(tmpdir(), 'exec-e2e-'));
    try {
      for (const api of [esm, cjs]) {
        const manager = api.createExecManager({
          workspaceRoot: workspace,
          graceMs: 300,
          hostEnvironment: { ...process.env, HOME: workspace },
        });
        const done = await manager.runBash({ owner: '/root', command: 'echo hello' });
        const running = await manager.runBash({
          owner: '/root',
          command: 'echo tick; sleep 300',
          yieldTimeMs: 250,
        });
        if (!done.success || !running.success) throw new Error('start failed');
        const { executionId } = running.value.facts;
        const polled = await manager.writeStdin({
          owner: '/root',
          executionId,
          yieldTimeMs: 5_000,
        });
        const stopped = await manager.stopExecution({ owner: '/root', executionId });
        const piped = await manager.runBash({ owner: '/root', command: 'false | true' });
        if (!piped.success) throw piped.error;
        const terminal = new Promise((resolve) => {
          const stop = manager.monitors.subscribe((record) => {
            if (record.kind !== 'terminal') return;
            stop();
            resolve([record.eventCount, record.termination, record.wake]);
          });
        });
        const monitor = await manager.startMonitor({
          owner: '/root',
          command: 'echo event',
          description: 'e2e',
        });
        expect([monitor.success, await terminal]).toEqual([true, [1, 'exited', true]]);
        expect(api.formatBashResult(piped.value)).toMatchObject({
          result:
            'Pipeline stage 1 failed.\n\n<bash-execution command="false | true" state="completed" termination="exited" exit_code="0" outcome="failure" wall_time_seconds="' +
            (piped.value.facts.wallTimeMs / 1000).toFixed(3) +
            '" output_bytes="0" output_lines="0" tty="false" pipeline_exit_codes="1 0" pipeline_failed_stages="1" pipeline_classification="classified"/>',
          status: 'error',
        });
        expect([
          done.value.output,
          done.value.facts.outcome,
          running.value.yielded,
          running.value.output + (polled.success ? polled.value.output : ''),
          stopped.success && stopped.value.facts.termination,
          api.findBackgroundOperator('a && b'),
        ]).toEqual(['hello\n', 'success', true, 'tick\n', 'stopped', undefined]);
        await manager.teardown();
      }
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  }, 60_000);
});
