import { describe, expect, it } from 'vitest';
import type { ExecManager } from './manager.js';
import type { MonitorRecord, MonitorTerminalRecord } from './monitor-mailbox.js';
import { temporaryFifo, testManager } from './testing/fixtures.js';

const root = '/root';

function terminalOf(manager: ExecManager, executionId: string): Promise<MonitorTerminalRecord> {
  return new Promise((resolve) => {
    const stop = manager.monitors.subscribe((record) => {
      if (record.kind === 'terminal' && record.executionId === executionId) {
        stop();
        resolve(record);
      }
    });
  });
}

function firstEvent(manager: ExecManager, executionId: string): Promise<MonitorRecord> {
  return new Promise((resolve) => {
    const stop = manager.monitors.subscribe((record) => {
      if (record.kind === 'event' && record.executionId === executionId) {
        stop();
        resolve(record);
      }
    });
  });
}

function summarize(records: readonly MonitorRecord[]) {
  return records.map((record) =>
    record.kind === 'event'
      ? { lines: record.lines.map((line) => line.text), omitted: record.omitted, wake: record.wake }
      : {
          eventCount: record.eventCount,
          termination: record.termination,
          outcome: record.outcome,
          exitCode: record.exitCode,
          notice: record.notice,
          wake: record.wake,
        },
  );
}

describe('ExecManager.startMonitor', () => {
  it('turns only stdout lines into events and ends with exactly one terminal record', async () => {
    const manager = testManager();
    const fifo = temporaryFifo();
    const started = await manager.startMonitor({
      owner: root,
      command: `cat ${fifo}; printf 'a\\r\\nb\\n'; echo err >&2; printf c`,
      description: 'watch',
    });
    if (!started.success) throw started.error;
    const { executionId } = started.value.facts;
    const listed = manager.listExecutions({ owner: root }).map((facts) => facts.executionId);
    const terminal = terminalOf(manager, executionId);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(fifo, '');
    await terminal;
    const records = manager.monitors.take(root);
    const polled = await manager.writeStdin({ owner: root, executionId });
    expect({
      first: [started.value.yielded, started.value.output, started.value.facts.state],
      listed,
      records: summarize(records),
      lines: records.flatMap((record) => (record.kind === 'event' ? record.lines : [])),
      // stderr lands in the spool in arrival order relative to stdout, which pipes do not fix.
      polled: polled.success && polled.value.output.replace('err\n', ''),
    }).toEqual({
      first: [true, '', 'running'],
      listed: [executionId],
      records: expect.arrayContaining([
        {
          eventCount: 3,
          termination: 'exited',
          outcome: 'success',
          exitCode: 0,
          notice: 'Monitor exited with code 0.',
          wake: true,
        },
      ]),
      lines: [
        { text: 'a', truncatedChars: 0 },
        { text: 'b', truncatedChars: 0 },
        { text: 'c', truncatedChars: 0 },
      ],
      polled: 'a\r\nb\nc',
    });
    expect(records.at(-1)?.kind).toBe('terminal');
    expect(records.filter((record) => record.kind === 'terminal')).toHaveLength(1);
  });

  it('ends without a wake when stopped through StopExecution', async () => {
    const manager = testManager();
    const fifo = temporaryFifo();
    const started = await manager.startMonitor({
      owner: root,
      command: `echo ready; cat ${fifo}`,
      description: 'until stopped',
    });
    if (!started.success) throw started.error;
    const { executionId } = started.value.facts;
    await firstEvent(manager, executionId);
    const terminal = terminalOf(manager, executionId);
    const stopped = await manager.stopExecution({ owner: root, executionId });
    expect([
      stopped.success && stopped.value.facts.termination,
      summarize([await terminal]),
    ]).toEqual([
      'stopped',
      [
        {
          eventCount: 1,
          termination: 'stopped',
          outcome: 'failure',
          exitCode: undefined,
          notice: 'Monitor stopped.',
          wake: false,
        },
      ],
    ]);
  });

  it('stops a flooding watcher with termination flood and wakes the model', async () => {
    const manager = testManager();
    const started = await manager.startMonitor({
      owner: root,
      command: 'seq 1 500; exec cat',
      description: 'noisy',
    });
    if (!started.success) throw started.error;
    const terminal = await terminalOf(manager, started.value.facts.executionId);
    expect([terminal.termination, terminal.eventCount, terminal.wake]).toEqual([
      'flood',
      100,
      true,
    ]);
  });

  it('expires after timeout_ms with a re-arm notice', async () => {
    const manager = testManager();
    const fifo = temporaryFifo();
    const started = await manager.startMonitor({
      owner: root,
      command: `cat ${fifo}`,
      description: 'short',
      timeoutMs: 1_000,
    });
    if (!started.success) throw started.error;
    const terminal = await terminalOf(manager, started.value.facts.executionId);
    expect([terminal.termination, terminal.notice, terminal.wake]).toEqual([
      'timed-out',
      'Monitor expired after 1000 ms; start a new Monitor to keep watching.',
      true,
    ]);
  });

  it('refuses other owners, an empty description and an out-of-range timeout before spawning', async () => {
    const manager = testManager();
    const results = await Promise.all([
      manager.startMonitor({ owner: '/root/agent', command: 'true', description: 'x' }),
      manager.startMonitor({ owner: root, command: 'true', description: '  ' }),
      manager.startMonitor({ owner: root, command: 'true', description: 'x', timeoutMs: 999 }),
      manager.startMonitor({ owner: root, command: 'sleep 1 &', description: 'x' }),
    ]);
    expect([
      ...results.map((result) => (result.success ? 'started' : result.error.code)),
      manager.liveCount,
    ]).toEqual(['not-root-owner', 'invalid-request', 'invalid-request', 'background-refused', 0]);
  });
});
