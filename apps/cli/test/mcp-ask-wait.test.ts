import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { PermissionRequest } from '@toolcall/pipeline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElicitingAsker } from '../src/mcp-server.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the MCP permission asker', () => {
  it('waits for a person as long as they take, past the SDK’s 60 s request timeout', async () => {
    const server = new Server({ name: 'toolcall', version: '0' }, { capabilities: {} });
    const client = new Client(
      { name: 'test', version: '0' },
      { capabilities: { elicitation: {} } },
    );
    let answer: (decision: string) => void = () => {};
    client.setRequestHandler(
      ElicitRequestSchema,
      () =>
        new Promise((resolve) => {
          answer = (decision) => resolve({ action: 'accept', content: { decision } });
        }),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([client.connect(clientSide), server.connect(serverSide)]);
    vi.useFakeTimers();
    const asker = createElicitingAsker(server, undefined);
    const request: PermissionRequest = {
      toolName: 'Bash',
      toolUseId: 'toolu_1',
      parentId: undefined,
      source: 'direct',
      input: { command: 'make' },
      facts: { paths: [], pattern: 'make', domain: undefined, name: undefined },
      reason: 'Bash runs commands',
      signal: new AbortController().signal,
    };
    const decided = asker(request);
    // Ten minutes with the question open: a 60 s timeout would have denied the call by now.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    answer('allow-once');
    await expect(decided).resolves.toBe('allow-once');
    vi.useRealTimers();
    await client.close();
  });
});
