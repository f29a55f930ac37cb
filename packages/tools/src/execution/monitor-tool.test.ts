import type { ExecManager, MonitorRecord } from '@toolcall/exec';
import { describe, expect, it } from 'vitest';
import { formatMonitorRecord } from './monitor-text.js';
import { createHarness, executionIdOf, stable } from './testing/harness.js';

function recordsUntilTerminal(manager: ExecManager, executionId: string): Promise<MonitorRecord[]> {
  const seen: MonitorRecord[] = [];
  return new Promise((resolve) => {
    const stop = manager.monitors.subscribe((record) => {
      if (record.executionId !== executionId) return;
      seen.push(record);
      if (record.kind === 'terminal') {
        stop();
        resolve(seen);
      }
    });
  });
}

describe('Monitor', () => {
  it('yields at once with facts and delivers stdout lines as MONITOR texts, then one MONITOR_TERMINAL', async () => {
    const { call, manager } = createHarness();
    const fifo = `${manager.workspaceRoot}/go`;
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [fifo]);
    const started = await call('Monitor', {
      command: `cat ${fifo} >/dev/null; echo 'build <ok>'; echo err >&2; echo done`,
      description: 'build watcher',
    });
    const id = executionIdOf(started.result);
    const records = recordsUntilTerminal(manager, id);
    const listed = await call('ListExecutions', {});
    const { writeFile } = await import('node:fs/promises');
    await writeFile(fifo, '');
    const texts = (await records).flatMap(formatMonitorRecord);
    expect([started.status, stable(started.result), executionIdOf(listed.result), texts]).toEqual([
      'success',
      `Watching: build watcher. Stdout lines arrive as MONITOR events and the end as one MONITOR_TERMINAL record; poll the whole output with WriteStdin or stop it with StopExecution.\n\n<bash-execution execution_id="ID" command="cat ${fifo} &gt;/dev/null; echo 'build &lt;ok&gt;'; echo err &gt;&amp;2; echo done" state="running" wall_time_seconds="T" output_bytes="0" output_lines="0" tty="false"/>`,
      id,
      [
        `<MONITOR execution_id="${id}" description="build watcher">build &lt;ok&gt;</MONITOR>`,
        `<MONITOR execution_id="${id}" description="build watcher">done</MONITOR>`,
        `<MONITOR_TERMINAL execution_id="${id}" description="build watcher" event_count="2" termination="exited" outcome="success" exit_code="0">Monitor exited with code 0.</MONITOR_TERMINAL>`,
      ],
    ]);
  });

  it('refuses an owner other than the root owner in the handler', async () => {
    const { call } = createHarness({ tools: { owner: '/root/agent-2' } });
    const outcome = await call('Monitor', { command: 'echo x', description: 'nope' });
    expect([outcome.status, outcome.error?.code, outcome.result]).toEqual([
      'error',
      'handler-failed',
      'Error: Monitor is available only to /root; use Bash with yield_time_ms instead.',
    ]);
  });

  it('stops a watcher through StopExecution with a non-waking terminal record', async () => {
    const { call, manager } = createHarness();
    const started = await call('Monitor', {
      command: 'sleep 300',
      description: 'idle',
      timeout_ms: 60_000,
    });
    const id = executionIdOf(started.result);
    const records = recordsUntilTerminal(manager, id);
    const stopped = await call('StopExecution', { execution_id: id });
    const [terminal] = await records;
    expect([stopped.status, terminal && formatMonitorRecord(terminal), terminal?.wake]).toEqual([
      'success',
      [
        `<MONITOR_TERMINAL execution_id="${id}" description="idle" event_count="0" termination="stopped" outcome="failure">Monitor stopped.</MONITOR_TERMINAL>`,
      ],
      false,
    ]);
  });
});
