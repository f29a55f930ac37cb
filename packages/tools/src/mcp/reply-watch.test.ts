import { PassThrough } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ReplyWatch } from './reply-watch.js';
import { WrittenStdioTransport } from './stdio-server-transport.js';

/** The JSON-RPC lines written to `stream`, as they arrive. */
function linesOf(stream: PassThrough): { id?: number }[] {
  const lines: { id?: number }[] = [];
  let text = '';
  stream.on('data', (chunk) => {
    text += chunk;
    const parts = text.split('\n');
    text = parts.pop() ?? '';
    for (const part of parts) lines.push(JSON.parse(part));
  });
  return lines;
}

/**
 * A server over stdio streams whose one tool waits for the test's release, then commits
 * `committed.push(id)` through the reply watch.
 */
async function serve() {
  const input = new PassThrough();
  const output = new PassThrough();
  const replies = new ReplyWatch();
  const committed: number[] = [];
  const started: number[] = [];
  const aborted: number[] = [];
  const ended: number[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // How many replies had been written when each commit ran.
  let replied = 0;
  const repliedBeforeCommit: number[] = [];
  output.on('data', () => {
    replied++;
  });
  const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const reply = replies.begin(extra.requestId, extra.signal);
    const id = Number(extra.requestId);
    started.push(id);
    extra.signal.addEventListener('abort', () => aborted.push(id));
    try {
      await released;
      return { content: [{ type: 'text' as const, text: request.params.name }] };
    } finally {
      await reply.end(async () => {
        committed.push(id);
        repliedBeforeCommit.push(replied);
      });
      ended.push(id);
    }
  });
  await server.connect(replies.watch(new WrittenStdioTransport(input, output)));
  const send = (message: object) => input.write(`${JSON.stringify(message)}\n`);
  const call = (id: number) =>
    send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x', arguments: {} } });
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    server,
    input,
    output,
    send,
    call,
    release,
    committed,
    repliedBeforeCommit,
    started,
    aborted,
    ended,
    until,
  };
}

describe('ReplyWatch', () => {
  it('commits once the reply has been written', async () => {
    const { output, call, release, committed, started, until } = await serve();
    const lines = linesOf(output);
    call(1);
    await until(() => started.length === 1);
    expect(committed).toEqual([]);
    release();
    await until(() => committed.length === 1);
    expect(lines).toMatchObject([{ id: 1, result: { content: [{ text: 'x' }] } }]);
    expect(committed).toEqual([1]);
  });

  it('commits nothing when the reply cannot be written', async () => {
    const { server, output, call, release, committed, started, until } = await serve();
    const errors: Error[] = [];
    server.onerror = (error) => errors.push(error);
    call(1);
    await until(() => started.length === 1);
    output.destroy();
    release();
    await until(() => errors.length === 1);
    expect(errors[0]?.message).toMatch(/^Failed to send response: .*destroyed/);
    expect(committed).toEqual([]);
  });

  it('commits a request the client cancelled in the same read, before its handler started', async () => {
    const { output, input, release, committed, started, aborted, ended, until } = await serve();
    const lines = linesOf(output);
    input.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x', arguments: {} } })}\n` +
        `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } })}\n`,
    );
    await until(() => started.length === 1);
    release();
    await until(() => ended.length === 1);
    // The handler saw its signal already aborted; no reply goes out, and the commit ran.
    expect([aborted, committed, lines]).toEqual([[], [7], []]);
  });

  it('waits for the reply of a request whose cancellation the server ignored', async () => {
    // The SDK ignores a cancellation naming request 0: the call goes on and is replied to.
    const { output, send, release, committed, repliedBeforeCommit, started, until } = await serve();
    const lines = linesOf(output);
    send({ jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name: 'x', arguments: {} } });
    await until(() => started.length === 1);
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 0 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await until(() => committed.length === 1);
    expect(lines).toMatchObject([{ id: 0, result: {} }]);
    // Committed after its reply was written, not before.
    expect(repliedBeforeCommit).toEqual([1]);
  });

  it('commits at once when the client cancels the request, and nothing when the connection closes', async () => {
    const { server, output, send, call, release, committed, started, aborted, ended, until } =
      await serve();
    const lines = linesOf(output);
    call(1);
    call(2);
    await until(() => started.length === 2);
    send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'enough' },
    });
    await until(() => aborted.length === 1);
    // Closing aborts the other call too; both handlers end once released.
    await server.close();
    release();
    await until(() => ended.length === 2);
    expect([aborted.sort(), committed, lines]).toEqual([[1, 2], [1], []]);
  });
});
