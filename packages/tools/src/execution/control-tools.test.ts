import { describe, expect, it } from 'vitest';
import { CONTROL_REASON } from './control-hook.js';
import { createHarness, executionIdOf, stable } from './testing/harness.js';

describe('WriteStdin', () => {
  it("returns not-found for an unknown id and for another owner's id", async () => {
    let owner = '/root';
    const { call } = createHarness({ tools: { ownerOf: () => owner } });
    const started = await call('Bash', {
      command: 'sleep 300',
      description: 'mine',
      yield_time_ms: 250,
    });
    const id = executionIdOf(started.result);
    const unknown = await call('WriteStdin', { execution_id: 'exec-nope' });
    owner = '/root/agent-1';
    const foreignPoll = await call('WriteStdin', { execution_id: id });
    const foreignStop = await call('StopExecution', { execution_id: id });
    const foreignList = await call('ListExecutions', {});
    owner = '/root';
    const stillMine = await call('ListExecutions', {});
    await call('StopExecution', { execution_id: id });
    expect([
      unknown.status,
      unknown.result,
      foreignPoll.result,
      foreignStop.result,
      foreignList.result,
      executionIdOf(stillMine.result),
    ]).toEqual([
      'error',
      'Error: Unknown execution id: exec-nope',
      `Error: Unknown execution id: ${id}`,
      `Error: Unknown execution id: ${id}`,
      'No yielded executions.',
      id,
    ]);
  });

  it('interrupts a pipe-mode command with a lone Ctrl-C', async () => {
    const { call } = createHarness();
    const started = await call('Bash', {
      command: "trap 'echo interrupted; exit 130' INT; echo ready; while :; do sleep 0.1; done",
      description: 'loop',
      yield_time_ms: 500,
    });
    const id = executionIdOf(started.result);
    // Ctrl-C must arrive after the trap is set; a loaded machine may not have printed yet.
    if (!String(started.result).startsWith('ready')) {
      await call('WriteStdin', { execution_id: id, yield_time_ms: 5_000 });
    }
    const interrupted = await call('WriteStdin', { execution_id: id, chars: '\u0003' });
    // A poll returns as soon as the execution settles.
    const polled = /state="completed"/.test(String(interrupted.result))
      ? interrupted
      : await call('WriteStdin', { execution_id: id, yield_time_ms: 30_000 });
    expect(stable(polled.result)).toMatch(
      /^(interrupted\n\n)?<bash-execution execution_id="ID" command=".*" state="completed" termination="exited" exit_code="130" outcome="failure" .*tty="false"\/>$/s,
    );
    expect(`${stable(interrupted.result)}${stable(polled.result)}`).toContain('interrupted');
  });

  it('types input into a PTY execution and returns only the new output', async () => {
    const { call } = createHarness();
    const started = await call('Bash', {
      command: 'read -r line; echo "got:$line"',
      description: 'prompt',
      tty: true,
      yield_time_ms: 250,
    });
    const id = executionIdOf(started.result);
    const typed = await call('WriteStdin', {
      execution_id: id,
      chars: 'abc\n',
      yield_time_ms: 30_000,
    });
    const settled = /state="completed"/.test(String(typed.result))
      ? typed
      : await call('WriteStdin', { execution_id: id, yield_time_ms: 30_000 });
    expect(`${typed.result}${settled.result}`).toContain('got:abc');
    expect(stable(settled.result)).toMatch(
      /state="completed" termination="exited" exit_code="0" outcome="success"/,
    );
  });

  it('refuses the 65th live process before spawning it', { timeout: 60_000 }, async () => {
    const { call, manager } = createHarness();
    const live = await Promise.all(
      Array.from({ length: 64 }, (_, index) =>
        call('Monitor', { command: 'sleep 300', description: `slot ${index}` }),
      ),
    );
    const refused = await call('Bash', { command: 'echo never', description: 'one too many' });
    expect([
      live.filter((outcome) => outcome.status === 'success').length,
      manager.liveCount,
      refused.status,
      refused.result,
    ]).toEqual([
      64,
      64,
      'error',
      'Error: At most 64 managed processes may be live in one session; stop one first.',
    ]);
  });

  it('controls an execution without a prompt in ask mode while deny rules still apply', async () => {
    const { call } = createHarness({
      pipeline: {
        mode: 'ask',
        rules: [
          { tool: 'Bash', action: 'allow' },
          { tool: 'StopExecution', action: 'deny' },
        ],
      },
    });
    const started = await call('Bash', {
      command: 'sleep 0.5; echo late',
      description: 'late',
      yield_time_ms: 250,
    });
    const id = executionIdOf(started.result);
    const stop = await call('StopExecution', { execution_id: id });
    // The poll returns as soon as the command ends; no asker exists, so a prompt would deny.
    const polled = await call('WriteStdin', { execution_id: id });
    expect([
      stop.status,
      stop.error?.code,
      polled.status,
      polled.approvals,
      stable(polled.result),
    ]).toEqual([
      'error',
      'denied',
      'success',
      [{ source: 'hook', outcome: 'allow-once', reason: CONTROL_REASON }],
      'late\n\n<bash-execution execution_id="ID" command="sleep 0.5; echo late" state="completed" termination="exited" exit_code="0" outcome="success" wall_time_seconds="T" output_bytes="5" output_lines="1" tty="false"/>',
    ]);
  });

  it('clamps a poll wait above the declared 300000 ms and notes the repair', async () => {
    const { call, project } = createHarness();
    const started = await call('Bash', {
      command: 'sleep 0.5',
      description: 'short',
      yield_time_ms: 250,
    });
    const text = await project('WriteStdin', {
      execution_id: executionIdOf(started.result),
      yield_time_ms: 900_000,
    });
    expect(stable(text)).toBe(
      '<bash-execution execution_id="ID" command="sleep 0.5" state="completed" termination="exited" exit_code="0" outcome="success" wall_time_seconds="T" output_bytes="0" output_lines="0" tty="false"/>\n\nNote: Repaired tool input: Clamped `yield_time_ms` to 300000. Please use the corrected argument shape in later calls.',
    );
  });
});
