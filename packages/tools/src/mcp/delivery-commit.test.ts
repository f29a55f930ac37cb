import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openSessionOrThrow } from '../session/open-session.js';
import { createToolSet } from '../tool-set.js';
import { createMcpToolServer } from './mcp-tool-server.js';
import { createStdioServerTransport } from './stdio-server-transport.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A ToolCall checkpoint as stored. */
interface Checkpoint {
  state: string;
  children: { tool: string; status: string }[];
}

/** A ToolCall script whose Bash call waits for `go`, then leaves `ran` behind. */
const WAITING = {
  name: 'ToolCall',
  arguments: {
    expression:
      '(Bash :command "while [ ! -f go ]; do sleep 0.05; done; touch ran" :description "wait")',
  },
};

/**
 * A session's tool set served over the stdio transport on two streams the test writes and
 * reads as the client, initialized; with `settlementCommit: 'host'` a script's checkpoint stays
 * until its outcome has been delivered.
 */
async function serve() {
  const workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-mcp-')));
  cleanups.push(() => rm(workspace, { recursive: true, force: true }));
  const session = await openSessionOrThrow({ workspace, settlementCommit: 'host' });
  const mcp = createMcpToolServer();
  const toolSet = createToolSet(
    session.toolSetOptions({ sandbox: 'off', permissions: { mode: 'full-auto' } }),
  );
  session.attach(toolSet);
  cleanups.push(async () => {
    await toolSet.close();
    await session.close();
  });
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk) => {
    written += chunk;
  });
  const connection = await mcp.connect({
    toolSet,
    transport: createStdioServerTransport({ input, output }),
    session,
  });
  // The scripts that settled, as the pipeline reports them.
  const settled: string[] = [];
  toolSet.pipeline.subscribe((event) => {
    if (event.type === 'settled' && event.outcome.toolName === 'ToolCall') {
      settled.push(`${event.outcome.status} ${event.outcome.error?.code ?? ''}`.trim());
    }
  });
  const errors: Error[] = [];
  connection.server.onerror = (error) => errors.push(error);
  const send = (...messages: object[]) =>
    input.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    },
  });
  await until(() => written.includes('"id":1'));
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  // The checkpoints on disk now; one being replaced (or gone meanwhile) is skipped.
  const checkpoints = () =>
    (existsSync(session.layout.checkpoints) ? readdirSync(session.layout.checkpoints) : [])
      .filter((name) => name.endsWith('.toolcall.json'))
      .flatMap((name) => {
        try {
          const text = readFileSync(path.join(session.layout.checkpoints, name), 'utf8');
          return [JSON.parse(text) as Checkpoint];
        } catch {
          return [];
        }
      });
  const bashRunning = () =>
    until(() =>
      checkpoints().some((checkpoint) =>
        checkpoint.children.some((call) => call.tool === 'Bash' && call.status === 'running'),
      ),
    );
  return {
    workspace,
    output,
    send,
    written: () => written,
    settled,
    errors,
    checkpoints,
    bashRunning,
  };
}

describe('a ToolCall checkpoint served over MCP', () => {
  it('is kept, with the final journal, when the reply cannot be written', async () => {
    const { workspace, output, send, errors, checkpoints, bashRunning } = await serve();
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: WAITING });
    await bashRunning();
    output.destroy();
    await writeFile(path.join(workspace, 'go'), '');
    await until(() => errors.length > 0);
    expect(errors[0]?.message).toMatch(/^Failed to send response/);
    expect(
      checkpoints().map((checkpoint) => [
        checkpoint.state,
        checkpoint.children.map((call) => `${call.tool} ${call.status}`),
      ]),
    ).toEqual([['running', ['Bash success']]]);
  });

  it('is consumed, and the script cancelled, when the cancel comes in the same read as the call', async () => {
    const { workspace, send, written, settled, checkpoints } = await serve();
    send(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: WAITING },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } },
    );
    await until(() => settled.length === 1);
    expect(settled).toEqual(['error cancelled']);
    await until(() => checkpoints().length === 0);
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'ToolCall', arguments: { expression: '(+ 1 2)' } },
    });
    await until(() => written().includes('"id":3'));
    expect(written()).not.toContain('"id":2');
    expect(existsSync(path.join(workspace, 'ran'))).toBe(false);
  });
});
