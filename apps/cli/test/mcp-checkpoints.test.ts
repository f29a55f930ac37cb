import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bin, checkpointsIn, startMcpSession, tempDir, toolcall, until } from './helpers.js';

type Content = { type: string; text?: string };

const SERVE = ['mcp', '--session', 's1', '--sandbox', 'off', '--yes'];

/** A ToolCall script whose one nested call waits until the test writes `go`. */
const waiting = {
  name: 'ToolCall',
  arguments: {
    expression:
      '(Bash :command "while [ ! -f go ]; do sleep 0.05; done; echo released" :description "wait")',
  },
};

const checkpointDir = (dir: string) => join(dir, '.toolcall', 'sessions', 's1', 'toolcall');

/** Resolves once the script's journal shows its Bash call running. */
const bashRunning = (dir: string) =>
  until(() =>
    checkpointsIn(checkpointDir(dir)).some((checkpoint) =>
      checkpoint.children.some((call) => call.tool === 'Bash' && call.status === 'running'),
    ),
  );

/** The server as a bare process, for tests that write its input and read its output themselves. */
function serveRaw(
  dir: string,
  stderr: 'ignore' | 'pipe',
): ChildProcessByStdio<Writable, Readable, Readable | null> {
  const server = spawn(process.execPath, [bin, ...SERVE], {
    cwd: dir,
    env: { ...process.env, XDG_CONFIG_HOME: join(dir, '.xdg') },
    stdio: ['pipe', 'pipe', stderr],
  }) as ChildProcessByStdio<Writable, Readable, Readable | null>;
  onTestFinished(() => {
    server.kill('SIGKILL');
  });
  return server;
}

async function serve(dir: string): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [bin, ...SERVE],
      cwd: dir,
      env: { ...process.env, XDG_CONFIG_HOME: join(dir, '.xdg') } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  onTestFinished(() => client.close());
  return client;
}

/** What the next run of the session prints about the scripts it recovered. */
const resume = async (dir: string) =>
  (await toolcall(['run', '--session', 's1', '-e', '1'], { cwd: dir }).done).stderr;

describe('toolcall mcp: a ToolCall checkpoint', () => {
  it('is consumed once the reply carrying the outcome has been written', async () => {
    const dir = tempDir();
    const client = await serve(dir);
    const reply = client.callTool(waiting);
    await bashRunning(dir);
    writeFileSync(join(dir, 'go'), '');
    const result = await reply;
    expect((result.content as Content[])[0]?.text).toMatch(/^released\n/);
    // The server still runs: the reply, not the end of the connection, consumed it.
    await until(() => readdirSync(checkpointDir(dir)).length === 0);
    await client.close();
    expect(await resume(dir)).toBe('');
  }, 60_000);

  it('is consumed when the client cancels the call: it expects no reply', async () => {
    const dir = tempDir();
    const client = await serve(dir);
    const controller = new AbortController();
    const reply = client.callTool(waiting, undefined, { signal: controller.signal }).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await bashRunning(dir);
    controller.abort('enough');
    expect(await reply).toContain('enough');
    await until(() => readdirSync(checkpointDir(dir)).length === 0);
    // The server goes on serving.
    const next = await client.callTool({ name: 'ToolCall', arguments: { expression: '(+ 1 2)' } });
    expect((next.content as Content[])[0]?.text).toBe('3');
    await client.close();
    expect(await resume(dir)).toBe('');
  }, 60_000);

  it('is consumed, and the script cancelled, when the cancel comes in the same read as the call', async () => {
    const dir = tempDir();
    const server = serveRaw(dir, 'ignore');
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const send = startMcpSession(server.stdin);
    await until(() => out.includes('"id":1'));
    // A client that gives up at once: the request and its cancellation in one write. The
    // script's first call waits for `go`; its second would leave `ran` behind.
    const call = {
      name: 'ToolCall',
      arguments: {
        expression:
          '(list (Bash :command "while [ ! -f go ]; do sleep 0.05; done" :description "wait") (Bash :command "touch ran" :description "mark"))',
      },
    };
    server.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: call })}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'enough' } })}\n`,
    );
    // The script is cancelled (its wait never released) and its checkpoint consumed.
    await until(
      () => existsSync(checkpointDir(dir)) && readdirSync(checkpointDir(dir)).length === 0,
    );
    writeFileSync(join(dir, 'go'), '');
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'ToolCall', arguments: { expression: '(+ 1 2)' } },
    });
    await until(() => out.includes('"id":3'));
    expect(out).not.toContain('"id":2');
    expect(existsSync(join(dir, 'ran'))).toBe(false);
    server.kill('SIGTERM');
    expect(await resume(dir)).toBe('');
  }, 60_000);

  it('is kept when the reply cannot be written, and the next session recovers the script as interrupted', async () => {
    const dir = tempDir();
    const server = serveRaw(dir, 'pipe');
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    const initialized = new Promise<void>((resolve) => {
      let out = '';
      server.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('"id":1')) resolve();
      });
    });
    const send = startMcpSession(server.stdin);
    await initialized;
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: waiting });
    await bashRunning(dir);
    // The client stops reading before the script ends: its reply has nowhere to go.
    server.stdout.destroy();
    writeFileSync(join(dir, 'go'), '');
    // The failed write ends the server (a closed pipe ends the command quietly).
    expect(await exited).toBe(0);
    expect(
      checkpointsIn(checkpointDir(dir)).map((checkpoint) => [
        checkpoint.state,
        checkpoint.children.map((call) => `${call.tool} ${call.status}`),
      ]),
    ).toEqual([['running', ['Bash success']]]);

    const stderr = await resume(dir);
    expect(stderr).toContain(
      'toolcall: session s1: a ToolCall script ended before finishing and will not resume; what ran:\n',
    );
    expect(stderr).toContain(
      '▾ ↯ ToolCall: 1 call  (Bash :command "while [ ! -f go ]; do sleep 0.05; done; ech…\n',
    );
    expect(stderr).toMatch(/ {2}▸ Bash while \[ ! -f go \]/);
    expect(readdirSync(checkpointDir(dir))).toEqual([]);
  }, 60_000);
});
