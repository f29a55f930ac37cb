import { describe, expect, it } from 'vitest';
import { createBashAnalyzer } from './bash/create-bash-analyzer.js';
import { findDescendants } from './process-tree.js';
import { isGone, testManager, waitForDescendants, waitForOutput } from './testing/fixtures.js';

const owner = '/root';

describe('ExecManager.runBash', () => {
  it('returns output and terminal facts when the command finishes before the yield', async () => {
    const manager = testManager();
    const result = await manager.runBash({ owner, command: 'echo hi; echo err >&2; exit 3' });
    expect(result.success).toBe(true);
    if (!result.success) return;
    const { output, facts, yielded, wait } = result.value;
    expect({ output, yielded, wait }).toEqual({
      output: 'hi\nerr\n',
      yielded: false,
      wait: { requestedMs: undefined, effectiveMs: 10_000 },
    });
    expect(facts).toMatchObject({
      state: 'completed',
      termination: 'exited',
      exitCode: 3,
      outcome: 'failure',
      outputBytes: 7,
      outputLines: 2,
      tty: false,
      timedOut: false,
      outputLimited: false,
      forcedKill: false,
    });
  });

  it('gives every child the deterministic environment defaults', async () => {
    const manager = testManager({ hostEnvironment: { PATH: process.env.PATH, TERM: 'xterm' } });
    const result = await manager.runBash({
      owner,
      command:
        'echo "$TERM $TOOLCALL_EXECUTION $LANG $NO_COLOR $PAGER"; read -t 1 x; echo "stdin:$?"',
    });
    expect(result.success && result.value.output).toBe('dumb 1 C.UTF-8 1 cat\nstdin:1\n');
  });

  it('uses a login shell unless the analyzer proves the command read-only', async () => {
    // cat is proven read-only; its argv shows how its parent shell was started.
    const command = "tr '\\0' ' ' < /proc/$$/cmdline";
    const readOnly = await testManager().runBash({ owner, command });
    const unknown = await testManager().runBash({ owner, command: `${command}; exit` });
    const disabled = await testManager({ analyzer: null }).runBash({ owner, command });
    expect(
      [readOnly, unknown, disabled].map((result) => result.success && result.value.output),
    ).toEqual([
      `bash --noprofile --norc -p -c ${command} `,
      `bash -lc ${command}; exit `,
      `bash -lc ${command} `,
    ]);
  });

  it('analyses a source once for its permission check and its launch, and a new source afresh', async () => {
    let analysed = 0;
    const real = await createBashAnalyzer();
    const manager = testManager({
      analyzer: {
        analyze: (command) => {
          analysed += 1;
          return real.analyze(command);
        },
      },
    });
    const first = await manager.analyze('git log; rm -f x');
    expect(first?.segments.map((segment) => segment.command)).toEqual(['git log', 'rm -f x']);
    expect(await manager.analyze('git log; rm -f x')).toBe(first);
    const other = await manager.analyze('ls');
    expect(other?.segments.map((segment) => segment.command)).toEqual(['ls']);
    expect(analysed).toBe(2);
  });

  it('refuses background operators before spawning', async () => {
    const manager = testManager();
    const result = await manager.runBash({ owner, command: 'sleep 100 &' });
    expect(result.success ? undefined : [result.error.code, result.error.message]).toEqual([
      'background-refused',
      'Shell-native background execution is not supported; use yield_time_ms.',
    ]);
    expect(manager.liveCount).toBe(0);
  });

  it('stops a foreground command when its request is aborted', async () => {
    const manager = testManager();
    const controller = new AbortController();
    const pending = manager.runBash({
      owner,
      command: 'echo up; sleep 300',
      signal: controller.signal,
    });
    controller.abort();
    const result = await pending;
    expect(result.success && [result.value.yielded, result.value.facts.termination]).toEqual([
      false,
      'aborted',
    ]);
  });

  it('clamps the yield time and records the requested and effective wait', async () => {
    const manager = testManager();
    const result = await manager.runBash({ owner, command: 'true', yieldTimeMs: 50 });
    expect(result.success && result.value.wait).toEqual({
      requestedMs: 50,
      effectiveMs: 250,
      note: 'yield_time_ms 50 is outside 250..30000; used 250.',
    });
  });
});

describe('yield, poll and stop', () => {
  it('yields a running command with its unread output and stops it on request', async () => {
    const manager = testManager();
    const started = await manager.runBash({
      owner,
      command: 'echo start; sleep 300',
      yieldTimeMs: 250,
    });
    if (!started.success) throw started.error;
    const id = started.value.facts.executionId;
    await waitForOutput(manager, owner, id, 'start');
    expect([started.value.yielded, started.value.facts.state]).toEqual([true, 'running']);
    expect(manager.listExecutions({ owner }).map((facts) => facts.executionId)).toEqual([id]);
    expect(manager.listExecutions({ owner: '/other' })).toEqual([]);
    const foreign = await manager.stopExecution({ owner: '/other', executionId: id });
    expect(foreign.success ? undefined : foreign.error.code).toBe('not-found');
    const stopped = await manager.stopExecution({ owner, executionId: id });
    expect(
      stopped.success && [
        started.value.output + stopped.value.output,
        stopped.value.facts.termination,
      ],
    ).toEqual(['start\n', 'stopped']);
    expect(manager.listExecutions({ owner })).toEqual([]);
    expect(manager.completions.peek(owner)).toEqual([]);
  });

  it('leaves no grandchildren alive after a stop', async () => {
    const manager = testManager();
    const started = await manager.runBash({
      owner,
      command: "bash -c 'echo $$; sleep 300 | sleep 301; echo never'",
      yieldTimeMs: 500,
    });
    if (!started.success) throw started.error;
    const { executionId } = started.value.facts;
    await waitForOutput(manager, owner, executionId, '\n');
    const spool = await manager.readOutput({ owner, executionId });
    const inner = Number.parseInt(spool.success ? spool.value.toString() : '', 10);
    await waitForDescendants(inner, 2);
    const pids = [inner, ...findDescendants(inner).map((entry) => entry.pid)];
    expect(pids.length).toBe(3);
    await manager.stopExecution({ owner, executionId });
    expect(pids.filter((pid) => !isGone(pid))).toEqual([]);
  });

  it('drains surviving group members after the main process exits', async () => {
    const manager = testManager();
    const result = await manager.runBash({
      owner,
      command:
        "python3 -c \"import subprocess; p = subprocess.Popen(['sleep', '300'], stdout=subprocess.DEVNULL); print(p.pid)\"",
    });
    if (!result.success) throw result.error;
    expect(result.value.facts).toMatchObject({ termination: 'exited', exitCode: 0 });
    expect(isGone(Number.parseInt(result.value.output, 10))).toBe(true);
  });

  it('returns only newly unread output and keeps a finished result pollable', async () => {
    const manager = testManager();
    const started = await manager.runBash({
      owner,
      command: 'echo one; sleep 1; echo two',
      yieldTimeMs: 250,
    });
    if (!started.success) throw started.error;
    const executionId = started.value.facts.executionId;
    const first = await manager.writeStdin({ owner, executionId, yieldTimeMs: 10_000 });
    const second = await manager.writeStdin({ owner, executionId });
    if (!first.success || !second.success) throw new Error('poll failed');
    expect([started.value.output + first.value.output, second.value.output]).toEqual([
      'one\ntwo\n',
      first.value.output,
    ]);
    expect(second.value.facts).toEqual(first.value.facts);
    expect(first.value.wait).toEqual({ requestedMs: 10_000, effectiveMs: 10_000 });
    expect(second.value.wait).toEqual({ requestedMs: undefined, effectiveMs: 5_000 });
  });

  it('refuses ordinary input to pipe-mode executions and interrupts them with Ctrl-C', async () => {
    const manager = testManager();
    const started = await manager.runBash({ owner, command: 'sleep 300', yieldTimeMs: 250 });
    if (!started.success) throw started.error;
    const executionId = started.value.facts.executionId;
    const input = await manager.writeStdin({ owner, executionId, chars: 'hello\n' });
    expect(input.success ? undefined : input.error.code).toBe('input-refused');
    const interrupted = await manager.writeStdin({
      owner,
      executionId,
      chars: '\u0003',
      yieldTimeMs: 30_000,
    });
    expect(interrupted.success && interrupted.value.facts).toMatchObject({
      state: 'completed',
      termination: 'signaled',
      signal: 'SIGINT',
    });
  });

  it('publishes one waking completion record when a yielded command ends on its own', async () => {
    const manager = testManager();
    const delivered = new Promise<string>((resolve) =>
      manager.completions.subscribe((record) => resolve(record.executionId)),
    );
    const started = await manager.runBash({
      owner,
      command: 'sleep 1; echo done',
      yieldTimeMs: 250,
    });
    if (!started.success) throw started.error;
    const executionId = started.value.facts.executionId;
    expect(await delivered).toBe(executionId);
    const records = manager.completions.take(owner);
    expect(
      records.map(({ executionId: id, wake, facts }) => [id, wake, facts.termination]),
    ).toEqual([[executionId, true, 'exited']]);
  });

  it('does not wake for a result the model already read, and never publishes twice', async () => {
    const manager = testManager();
    const started = await manager.runBash({
      owner,
      command: 'sleep 1; echo done',
      yieldTimeMs: 250,
    });
    if (!started.success) throw started.error;
    const executionId = started.value.facts.executionId;
    await manager.writeStdin({ owner, executionId, yieldTimeMs: 30_000 });
    await manager.writeStdin({ owner, executionId });
    expect(manager.completions.take(owner).map(({ executionId: id, wake }) => [id, wake])).toEqual([
      [executionId, false],
    ]);
  });

  it('queues a non-waking record when the user stops a yielded command', async () => {
    const manager = testManager();
    const started = await manager.runBash({ owner, command: 'sleep 300', yieldTimeMs: 250 });
    if (!started.success) throw started.error;
    const executionId = started.value.facts.executionId;
    await manager.stopExecution({ owner, executionId, by: 'user' });
    expect(manager.completions.take(owner).map(({ wake }) => wake)).toEqual([false]);
  });
});

describe('limits and teardown', () => {
  it('caps output at the spool limit with the output-limit fact', { timeout: 60_000 }, async () => {
    const manager = testManager();
    const result = await manager.runBash({ owner, command: 'yes', yieldTimeMs: 30_000 });
    if (!result.success) throw result.error;
    expect(result.value.facts).toMatchObject({
      state: 'completed',
      termination: 'output-limit',
      outputLimited: true,
      outputBytes: 64 * 1024 * 1024,
      outcome: 'failure',
    });
    expect(result.value.output.startsWith('y\ny\n')).toBe(true);
    expect(result.value.omittedBytes).toBeGreaterThan(60 * 1024 * 1024);
  });

  it('settles as output-write-failed when the spool cannot be written', async () => {
    const manager = testManager({ spoolPath: () => '/dev/full' });
    const result = await manager.runBash({ owner, command: 'echo lost; sleep 300' });
    expect(result.success && result.value.facts).toMatchObject({
      termination: 'output-write-failed',
      outputBytes: 0,
    });
  });

  it('refuses the 65th live process without disturbing the others', {
    timeout: 60_000,
  }, async () => {
    const manager = testManager();
    const started = await Promise.all(
      Array.from({ length: 64 }, () =>
        manager.runBash({ owner, command: 'sleep 300', yieldTimeMs: 250 }),
      ),
    );
    expect(started.every((result) => result.success && result.value.yielded)).toBe(true);
    const refused = await manager.runBash({ owner, command: 'true' });
    expect(refused.success ? undefined : refused.error.code).toBe('process-limit');
    expect(manager.listExecutions({ owner }).length).toBe(64);
  });

  it('tears down exactly the owner’s children', async () => {
    const manager = testManager();
    const mine = await manager.runBash({ owner: '/a', command: 'sleep 300', yieldTimeMs: 250 });
    const theirs = await manager.runBash({ owner: '/b', command: 'sleep 300', yieldTimeMs: 250 });
    if (!mine.success || !theirs.success) throw new Error('start failed');
    await manager.teardownOwner('/a');
    expect(manager.listExecutions({ owner: '/a' })).toEqual([]);
    expect(manager.listExecutions({ owner: '/b' }).map((facts) => facts.state)).toEqual([
      'running',
    ]);
    const late = await manager.runBash({ owner: '/a', command: 'true' });
    expect(late.success ? undefined : late.error.code).toBe('owner-retired');
  });

  it('tells discard listeners of both mailboxes which owner was torn down', async () => {
    const manager = testManager();
    const discarded: string[] = [];
    manager.completions.onDiscard((gone) => discarded.push(`completions ${gone}`));
    const stop = manager.monitors.onDiscard((gone) => discarded.push(`monitors ${gone}`));
    await manager.teardownOwner('/a');
    stop();
    await manager.teardownOwner('/b');
    expect(discarded).toEqual(['completions /a', 'monitors /a', 'completions /b']);
  });
});
