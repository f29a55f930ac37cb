import { PassThrough } from 'node:stream';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createConnection } from './connection.js';

function connect() {
  const input = new PassThrough();
  const output = new PassThrough();
  const received: unknown[] = [];
  const sent: Record<string, unknown>[] = [];
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) sent.push(JSON.parse(line) as Record<string, unknown>);
  });
  const connection = createConnection({ input, output, onMessage: (m) => received.push(m) });
  return { input, output, connection, received, sent };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createConnection', () => {
  it('hands a valid request on and answers a bad line with an error', async () => {
    const peer = connect();
    peer.input.write('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n[1,2]\n');
    while (peer.sent.length === 0) await settle();
    expect(peer.received).toEqual([{ kind: 'request', id: 1, method: 'tools/list', params: {} }]);
    expect(peer.sent).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/^Invalid request: /) },
      },
    ]);
  });

  it('resolves a bridge request with the matching response and rejects on error', async () => {
    const peer = connect();
    const first = peer.connection.request('permission/ask', { toolName: 'X' });
    const second = peer.connection.request('emacs/callTool', {});
    peer.input.write('{"jsonrpc":"2.0","id":"b2","error":{"code":1,"message":"no"}}\n');
    peer.input.write('{"jsonrpc":"2.0","id":"b1","result":{"answer":"deny"}}\n');
    await expect(first).resolves.toEqual({ answer: 'deny' });
    await expect(second).rejects.toMatchObject({ code: 1, message: 'no' });
  });

  // Central invariant: every non-blank line that is not a valid message gets exactly one
  // error reply, and the connection keeps serving afterwards.
  test.prop([
    fc.array(fc.string().filter((s) => !s.includes('\n') && !s.includes('\r') && s.trim() !== '')),
  ])('answers each malformed line once and keeps serving', async (lines) => {
    const peer = connect();
    const garbage = lines.filter((line) => {
      try {
        const value = JSON.parse(line) as { jsonrpc?: unknown };
        return value?.jsonrpc !== '2.0';
      } catch {
        return true;
      }
    });
    for (const line of garbage) peer.input.write(`${line}\n`);
    peer.input.write('{"jsonrpc":"2.0","id":99,"method":"ping"}\n');
    // Lines are handled in order, so the ping arriving means every garbage line was answered.
    while (peer.received.length === 0) await settle();
    await settle();
    expect(peer.sent).toHaveLength(garbage.length);
    expect(peer.sent.every((message) => 'error' in message)).toBe(true);
    expect(peer.received).toEqual([{ kind: 'request', id: 99, method: 'ping', params: {} }]);
  });
});
