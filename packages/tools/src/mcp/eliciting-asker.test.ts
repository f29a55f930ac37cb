import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { PermissionRequest } from '@toolcall/pipeline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElicitingAsker } from './eliciting-asker.js';

/** A request to run `make`, as the pipeline asks it. */
const bashRequest = (): PermissionRequest => ({
  toolName: 'Bash',
  toolUseId: 'toolu_1',
  parentId: undefined,
  source: 'direct',
  input: { command: 'make' },
  facts: { paths: [], pattern: 'make', domain: undefined, name: undefined },
  reason: 'Bash runs commands',
  signal: new AbortController().signal,
});

/** A server connected to a client without elicitation. */
async function plainServer(): Promise<Server> {
  const server = new Server({ name: 'toolcall', version: '0' }, { capabilities: {} });
  const client = new Client({ name: 'test', version: '0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(clientSide), server.connect(serverSide)]);
  return server;
}

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
    const asker = createElicitingAsker({ server: () => server });
    const decided = asker(bashRequest());
    // Ten minutes with the question open: a 60 s timeout would have denied the call by now.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    answer('allow-once');
    await expect(decided).resolves.toBe('allow-once');
    vi.useRealTimers();
    await client.close();
  });

  it('denies, saying no one can be asked and how to allow it, when the client cannot elicit', async () => {
    const server = await plainServer();
    const asker = createElicitingAsker({
      server: () => server,
      noElicitationAdvice: 'start the server with --yes',
    });
    await expect(asker(bashRequest())).resolves.toEqual({
      outcome: 'deny',
      reason:
        'approval is required (Bash runs commands) and no one can be asked: the MCP client does not support elicitation; start the server with --yes',
    });
    await server.close();
  });

  it('lets the fallback decide when the client cannot elicit, or before any client connected', async () => {
    const server = await plainServer();
    const asked: string[] = [];
    const fallback = (request: PermissionRequest) => {
      asked.push(request.toolName);
      return 'allow-once' as const;
    };
    let connected: Server | undefined;
    const asker = createElicitingAsker({ server: () => connected, fallback });
    await expect(asker(bashRequest())).resolves.toBe('allow-once');
    connected = server;
    await expect(asker(bashRequest())).resolves.toBe('allow-once');
    expect(asked).toEqual(['Bash', 'Bash']);
    await server.close();
  });
});
