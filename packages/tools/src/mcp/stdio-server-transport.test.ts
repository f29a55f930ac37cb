import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createStdioServerTransport, WrittenStdioTransport } from './stdio-server-transport.js';

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

describe('WrittenStdioTransport', () => {
  it('resolves a send once written, and rejects one whose reader has gone', async () => {
    const output = new PassThrough();
    const lines = linesOf(output);
    const transport = new WrittenStdioTransport(new PassThrough(), output);
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(lines).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);

    // A pipe whose reader has closed its end: the write fails with EPIPE.
    const reader = spawn(
      process.execPath,
      ['-e', "require('node:fs').closeSync(0); console.log('closed'); setInterval(() => {}, 1000)"],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    onTestFinished(() => {
      reader.kill();
    });
    await new Promise((resolve) => reader.stdout.once('data', resolve));
    reader.stdin.on('error', () => {});
    const closed = new WrittenStdioTransport(new PassThrough(), reader.stdin);
    await expect(closed.send({ jsonrpc: '2.0', id: 2, result: {} })).rejects.toMatchObject({
      code: 'EPIPE',
    });
  });

  it('hands on a last line without a newline, then closes at the end of its input', async () => {
    const input = new PassThrough();
    const transport = createStdioServerTransport({ input, output: new PassThrough() });
    const received: unknown[] = [];
    transport.onmessage = (message) => received.push(message);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await transport.start();
    input.end('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    await closed;
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'notifications/initialized' }]);
  });

  it('refuses an input that is not a stream, naming it', () => {
    expect(() => createStdioServerTransport({ input: 'stdin' as never })).toThrow(
      'createStdioServerTransport: input must be a stream, received stdin',
    );
  });
});
