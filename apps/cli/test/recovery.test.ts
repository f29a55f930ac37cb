import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { bin, checkpointsIn, tempDir, toolcall, trustWorkspace, until } from './helpers.js';

const run = (args: readonly string[], cwd: string) => toolcall(args, { cwd }).done;

describe('ToolCall checkpoints of a session', () => {
  it('keep a completed nested call of a killed script, which a resume shows as interrupted and consumes', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'one\ntwo\n');
    const checkpoints = join(dir, '.toolcall', 'sessions', 's1', 'toolcall');
    const child = toolcall(
      [
        'run',
        '--session',
        's1',
        '--yes',
        '-e',
        '(Read :file_path "a.txt" :limit 1) (Bash :command "sleep 30" :description "wait")',
      ],
      { cwd: dir },
    );
    // The autosave writes the journal once Read has completed while Bash still runs.
    await until(() =>
      checkpointsIn(checkpoints).some(
        (checkpoint) =>
          checkpoint.state === 'running' &&
          checkpoint.children.some((call) => call.tool === 'Read' && call.status === 'success') &&
          checkpoint.children.some((call) => call.tool === 'Bash' && call.status === 'running'),
      ),
    );
    const [live] = checkpointsIn(checkpoints);

    // While that process runs, a second one resuming the session leaves its script alone.
    try {
      expect((await run(['sessions'], dir)).stdout).toMatch(/^s1 .* KiB\n$/);
      const alongside = await run(['run', '--session', 's1', '-e', '(+ 1 2)'], dir);
      expect([alongside.code, alongside.stdout, alongside.stderr]).toEqual([
        0,
        '▾ ToolCall: 0 calls\n  3\n',
        '',
      ]);
      expect(checkpointsIn(checkpoints).map((checkpoint) => checkpoint.envelopeId)).toEqual([
        live?.envelopeId,
      ]);
    } finally {
      child.kill('SIGKILL');
    }
    expect((await child.done).code).toBe(null);

    const listed = await run(['sessions'], dir);
    expect(listed.stdout).toMatch(/^s1 .* 1 unfinished ToolCall script \(resume to see it\)\n$/);

    const resumed = await run(['run', '--session', 's1', '-e', '(+ 1 2)'], dir);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe('▾ ToolCall: 0 calls\n  3\n');
    expect(resumed.stderr).toContain(
      'toolcall: session s1: a ToolCall script ended before finishing and will not resume; what ran:\n',
    );
    // The row names the script it was, on one line.
    expect(resumed.stderr).toContain(
      '▾ ↯ ToolCall: 2 calls (1 interrupted)  (Read :file_path "a.txt" :limit 1) (Bash :command "sleep 30…\n',
    );
    expect(resumed.stderr).toContain('  ▸ Read a.txt (1 line)\n');
    expect(resumed.stderr).toMatch(/ {2}▸ ↯ Bash sleep 30/);
    // Consumed: the interrupted checkpoint and the resumed run's own settled one are gone.
    expect(readdirSync(checkpoints)).toEqual([]);
    const again = await run(['run', '--session', 's1', '-e', '1'], dir);
    expect(again.stderr).toBe('');
    expect((await run(['sessions'], dir)).stdout).toMatch(/^s1 .* KiB\n$/);
  }, 60_000);

  it('recover a script whose process died after it settled but before its outcome was shown, with every call as it ended', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'one\ntwo\n');
    mkdirSync(join(dir, '.toolcall'), { recursive: true });
    const config = join(dir, '.toolcall', 'config.json');
    // The envelope's PostToolUse hook runs after the script has settled and before the
    // outcome is shown: it kills the toolcall process, its parent, right there.
    writeFileSync(
      config,
      JSON.stringify({
        hooks: [{ event: 'PostToolUse', matcher: 'ToolCall', command: 'kill -9 $PPID' }],
      }),
    );
    await trustWorkspace(dir);
    const checkpoints = join(dir, '.toolcall', 'sessions', 's1', 'toolcall');
    const killed = await run(
      [
        'run',
        '--session',
        's1',
        '--yes',
        '-e',
        '(Read :file_path "a.txt" :limit 1) (Read :file_path "a.txt")',
      ],
      dir,
    );
    expect([killed.code, killed.stdout]).toEqual([null, '']);
    // Not settled: the settlement is committed only once the outcome is shown.
    expect(
      checkpointsIn(checkpoints).map((checkpoint) => [
        checkpoint.state,
        checkpoint.children.map((call) => `${call.tool} ${call.status}`),
      ]),
    ).toEqual([['running', ['Read success', 'Read success']]]);
    writeFileSync(config, '{}');
    const resumed = await run(['run', '--session', 's1', '-e', '(+ 1 2)'], dir);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(
      'toolcall: session s1: a ToolCall script ended before finishing and will not resume; what ran:\n',
    );
    expect(resumed.stderr).toMatch(/▾ ↯ ToolCall: 2 calls {2}\S/);
    expect(readdirSync(checkpoints)).toEqual([]);
  }, 60_000);

  it('recover the waiting calls of a killed parallel-map as interrupted, never started', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.toolcall'), { recursive: true });
    writeFileSync(
      join(dir, '.toolcall', 'config.json'),
      JSON.stringify({ toolCall: { parallelism: 1 } }),
    );
    const checkpoints = join(dir, '.toolcall', 'sessions', 's1', 'toolcall');
    const child = toolcall(
      [
        'run',
        '--session',
        's1',
        '--yes',
        '-e',
        '(parallel-map (lambda (c) (Bash :command c :description "step")) (list "sleep 30" "true" "true"))',
      ],
      { cwd: dir },
    );
    // The autosave writes the journal with the first call running and two waiting.
    try {
      await until(() =>
        checkpointsIn(checkpoints).some(
          (checkpoint) =>
            checkpoint.children.map((call) => call.status).join(' ') === 'running queued queued',
        ),
      );
    } finally {
      child.kill('SIGKILL');
    }
    expect((await child.done).code).toBe(null);
    const resumed = await run(['run', '--session', 's1', '-e', '(+ 1 2)'], dir);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(
      '▾ ↯ ToolCall: 3 calls (3 interrupted)  (parallel-map (lambda (c) (Bash :command c :description "st…\n',
    );
    // One batch: the running call with its command, the two that never started.
    expect(resumed.stderr).toContain(
      '  ┌ ▸ ↯ Bash sleep 30 (interrupted)\n  │ ▸ ↯ Bash (not started)\n  └ ▸ ↯ Bash (not started)\n',
    );
    expect(resumed.stderr).toMatch(/\/3 Bash: interrupted\n/);
    expect(readdirSync(checkpoints)).toEqual([]);
  }, 60_000);

  it('are removed once a script is shown, with or without nested calls', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'one\n');
    const checkpoints = join(dir, '.toolcall', 'sessions', 's1', 'toolcall');
    for (const script of ['(+ 1 2)', '(Read :file_path "a.txt")', '(length (Glob :pattern "*"))']) {
      expect((await run(['run', '--session', 's1', '-e', script], dir)).code).toBe(0);
    }
    expect(readdirSync(checkpoints)).toEqual([]);
  });

  it('that a process still running left settled are kept, and those of an ended one removed', async () => {
    const dir = tempDir();
    const checkpoints = join(dir, '.toolcall', 'sessions', 's1', 'toolcall');
    mkdirSync(checkpoints, { recursive: true });
    const alive = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const started = new Promise((resolve) => alive.on('spawn', resolve));
    const exited = new Promise((resolve) => alive.on('exit', resolve));
    const ended = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => ended.on('exit', resolve));
    try {
      await started;
      const writer = (pid: number | undefined) => ({ pid, host: hostname(), started: Date.now() });
      const write = (envelopeId: string, state: string, pid?: number) =>
        writeFileSync(
          join(checkpoints, `${envelopeId}.toolcall.json`),
          JSON.stringify({
            version: 1,
            envelopeId,
            state,
            children: [],
            ...(pid === undefined ? {} : { writer: writer(pid) }),
          }),
        );
      write('settled-alive', 'settled', alive.pid);
      write('running-alive', 'running', alive.pid);
      write('settled-ended', 'settled', ended.pid);
      // Written before checkpoints named their writer: removed, as before.
      write('settled-old', 'settled');

      const resumed = await run(['run', '--session', 's1', '-e', '1'], dir);
      expect([resumed.code, resumed.stderr]).toEqual([0, '']);
      expect(readdirSync(checkpoints).sort()).toEqual([
        'running-alive.toolcall.json',
        'settled-alive.toolcall.json',
      ]);
    } finally {
      alive.kill('SIGKILL');
      await exited;
    }
  });

  it('of MCP servers sharing a session stay apart: each envelope id is its own', async () => {
    const dir = tempDir();
    const checkpoints = join(dir, '.toolcall', 'sessions', 's1', 'toolcall');
    const serve = async () => {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [bin, 'mcp', '--session', 's1', '--sandbox', 'off', '--yes'],
          cwd: dir,
          env: { ...process.env, XDG_CONFIG_HOME: join(dir, '.xdg') } as Record<string, string>,
          stderr: 'ignore',
        }),
      );
      return client;
    };
    const clients = [await serve(), await serve()];
    try {
      for (const client of clients) {
        void client
          .callTool(
            {
              name: 'ToolCall',
              arguments: {
                expression: '(Bash :command "sleep 30" :description "wait") (+ 1 2)',
              },
            },
            undefined,
            { timeout: 60_000 },
          )
          .catch(() => {});
      }
      // Both scripts run at once: two running checkpoints, neither overwriting the other.
      await until(
        () =>
          checkpointsIn(checkpoints).filter((checkpoint) => checkpoint.state === 'running')
            .length === 2,
      );
      const ids = checkpointsIn(checkpoints).map((checkpoint) => checkpoint.envelopeId);
      expect(new Set(ids).size).toBe(2);
      for (const id of ids) expect(id).toMatch(/^mcp-/);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  }, 60_000);
});
