import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bin, startMcpSession, tempDir } from './helpers.js';

const LIMIT = 10 * 1024 * 1024;

/** A real `toolcall mcp` over pipes, with the JSON lines it writes and its exit. */
function startServer() {
  const cwd = tempDir();
  const server = spawn(process.execPath, [bin, 'mcp', '--sandbox', 'off'], {
    cwd,
    env: { ...process.env, XDG_CONFIG_HOME: join(cwd, '.xdg') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    server.kill('SIGKILL');
  });
  let stderr = '';
  server.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  return { server, exited, stderr: () => stderr };
}

/** Resolves with the reply lines, one by one, in order. */
function replies(server: ChildProcessWithoutNullStreams) {
  const lines: Record<string, unknown>[] = [];
  const waiting: (() => void)[] = [];
  let text = '';
  server.stdout.on('data', (chunk) => {
    text += chunk;
    const parts = text.split('\n');
    text = parts.pop() ?? '';
    for (const part of parts) lines.push(JSON.parse(part) as Record<string, unknown>);
    for (const wake of waiting.splice(0)) wake();
  });
  return async (predicate: (line: Record<string, unknown>) => boolean) => {
    for (;;) {
      const found = lines.find(predicate);
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
}

/** One request line a little over the limit, its id first, as clients write them. */
const oversized = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"Read","arguments":{"file_path":"${'x'.repeat(LIMIT)}"}}}\n`;

describe('toolcall mcp input', () => {
  it('answers an oversized line, a malformed line and a non-message, and goes on serving', async () => {
    const { server, exited, stderr } = startServer();
    const next = replies(server);
    const send = startMcpSession(server.stdin);
    await next((line) => line.id === 1);

    server.stdin.write(oversized(7));
    expect(await next((line) => line.id === 7)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32600,
        message:
          'Invalid Request: the message is longer than the 10 MiB (10485760 bytes) line limit; it was dropped',
      },
    });

    server.stdin.write('{"jsonrpc":"2.0","id":8,"method":\n');
    const parse = await next((line) => (line.error as { code?: number })?.code === -32700);
    expect(parse).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect((parse.error as { message: string }).message).toMatch(/^Parse error: /);

    server.stdin.write('{"jsonrpc":"1.0","id":9,"method":"tools/list"}\n');
    expect(await next((line) => line.id === 9)).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: {
        code: -32600,
        message: 'Invalid Request: not a JSON-RPC 2.0 request, notification or response',
      },
    });

    // An oversized line without a newline before the next message, cut across many writes.
    const big = oversized(10);
    for (let at = 0; at < big.length; at += 1024 * 1024) {
      server.stdin.write(big.slice(at, at + 1024 * 1024));
    }
    send({ jsonrpc: '2.0', id: 11, method: 'tools/list' });
    expect((await next((line) => line.id === 10)).error).toMatchObject({ code: -32600 });
    const listed = await next((line) => line.id === 11);
    expect(
      (listed.result as { tools: { name: string }[] }).tools.map((tool) => tool.name),
    ).toContain('ToolCall');

    server.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr()).toBe('');
  });

  it('still serves the official SDK client after a bad line and an oversized one', async () => {
    const { server, exited } = startServer();
    const client = new Client({ name: 'test', version: '1.0.0' });
    const errors: string[] = [];
    client.onerror = (error) => errors.push(error.message);
    await client.connect(new PipeTransport(server));
    server.stdin.write('this is not JSON\n');
    server.stdin.write(oversized(999));
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toContain('ToolCall');
    const called = await client.callTool({ name: 'ToolSearch', arguments: { query: 'read' } });
    expect(called.isError).toBeFalsy();
    await client.close();
    expect(await exited).toBe(0);
  });
});

/** The SDK client's side of a server already started: its stdin and stdout. */
class PipeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #buffer = new ReadBuffer();

  constructor(readonly server: ChildProcessWithoutNullStreams) {}

  async start(): Promise<void> {
    this.server.stdout.on('data', (chunk: Buffer) => {
      this.#buffer.append(chunk);
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.#buffer.readMessage();
        } catch (error) {
          // The server's answers to the bad lines carry a null id, which the SDK's schema refuses.
          this.onerror?.(error as Error);
          continue;
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
    this.server.on('exit', () => this.onclose?.());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.server.stdin.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.server.stdin.end();
  }
}
