import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openSessionOrThrow } from '../session/open-session.js';
import { buildPng } from '../testing/png.js';
import { createToolSet } from '../tool-set.js';
import { createMcpToolServer } from './mcp-tool-server.js';

type Content = { type: string; text?: string; data?: string; mimeType?: string };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Resolves once `check` holds, looking again every 20 ms. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const textOf = (result: Record<string, unknown>) =>
  ((result.content ?? []) as Content[])
    .filter((item) => item.type === 'text')
    .map((item) => item.text)
    .join('\n');

/**
 * A temp workspace with a session (`settlementCommit: 'host'`), its tool set served by an MCP
 * tool server, and an SDK client over a linked in-memory pair; `answer` makes the client
 * elicitation-capable.
 */
async function serve(answer?: (message: string) => string | Promise<string>) {
  const workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-mcp-')));
  cleanups.push(() => rm(workspace, { recursive: true, force: true }));
  await writeFile(path.join(workspace, 'notes.txt'), 'alpha\nbeta\ngamma\n');
  await writeFile(path.join(workspace, 'pixel.png'), buildPng(4, 4));
  const session = await openSessionOrThrow({ workspace, settlementCommit: 'host' });
  const mcp = createMcpToolServer({ name: 'embedded', version: '1.2.3' });
  const toolSet = createToolSet(
    session.toolSetOptions({ sandbox: 'off', askUser: mcp.askUser, onProgress: mcp.onProgress }),
  );
  session.attach(toolSet);
  cleanups.push(async () => {
    await toolSet.close();
    await session.close();
  });
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    answer === undefined ? {} : { capabilities: { elicitation: {} } },
  );
  const asked: string[] = [];
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(String(request.params.message));
      return { action: 'accept', content: { decision: await answer(asked.at(-1)!) } };
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connected = mcp.connect({ toolSet, transport: serverSide, session });
  await client.connect(clientSide);
  const connection = await connected;
  cleanups.push(() => client.close());
  const checkpoints = () =>
    existsSync(session.layout.checkpoints) ? readdirSync(session.layout.checkpoints) : [];
  return { workspace, mcp, toolSet, client, connection, asked, checkpoints };
}

describe('createMcpToolServer', () => {
  it('offers the native tools and tells the specialist listing as its instructions', async () => {
    const { client } = await serve();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'Read',
      'Bash',
      'WriteStdin',
      'Monitor',
      'Glob',
      'Grep',
      'ApplyPatch',
      'ToolSearch',
      'ToolCall',
    ]);
    expect(client.getServerVersion()).toMatchObject({ name: 'embedded', version: '1.2.3' });
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('WebFetch');
    expect(instructions).not.toMatch(/\(Read :/);
  });

  it('reads a file as text and an image as an MCP image block', async () => {
    const { client } = await serve();
    const text = await client.callTool({ name: 'Read', arguments: { file_path: 'notes.txt' } });
    expect([text.isError, textOf(text)]).toEqual([false, expect.stringContaining('gamma')]);
    const image = await client.callTool({ name: 'Read', arguments: { file_path: 'pixel.png' } });
    const block = (image.content as Content[]).find((item) => item.type === 'image');
    expect(block?.mimeType).toBe('image/png');
    expect(Buffer.from(block?.data ?? '', 'base64')).toEqual(buildPng(4, 4));
  });

  it('points a direct call of a discoverable tool to ToolCall, and names the offered tools for an unknown one', async () => {
    const { client } = await serve();
    const fetch = await client.callTool({ name: 'WebFetch', arguments: { url: 'x' } });
    expect([fetch.isError, textOf(fetch)]).toEqual([
      true,
      'WebFetch is not offered directly: call it from ToolCall, e.g. (WebFetch …); ToolSearch shows its arguments.',
    ]);
    const unknown = await client.callTool({ name: 'Nope', arguments: {} });
    expect(textOf(unknown)).toBe(
      'Unknown tool Nope; the tools offered are Read, Bash, WriteStdin, Monitor, Glob, Grep, ApplyPatch, ToolSearch, ToolCall.',
    );
  });

  it('runs a ToolCall script with parallel children, reports its progress, and consumes its checkpoint once replied', async () => {
    const { client, checkpoints } = await serve();
    const messages: string[] = [];
    const result = await client.callTool(
      {
        name: 'ToolCall',
        arguments: {
          expression:
            '(length (parallel (Read :file_path "notes.txt") (Grep :pattern "gamma" :output_mode "count")))',
        },
      },
      undefined,
      { onprogress: (event) => void messages.push(String(event.message)) },
    );
    expect([result.isError, textOf(result)]).toEqual([false, '2']);
    // ToolCall's aggregate as it changed. (The SDK's client drops a notification that arrives
    // in the same read as the reply: the last one may be missing.)
    expect(messages).toContainEqual(expect.stringMatching(/^(Read|Grep)(, Grep)? · \d done$/));
    // Consumed once the reply has been written, which the client may see first.
    await until(() => checkpoints().length === 0);
  });

  it('asks through elicitation: runs Bash once allowed, and not when denied', async () => {
    const { client, workspace, asked } = await serve((message) =>
      message.includes('denied.txt') ? 'deny' : 'allow-once',
    );
    const allowed = await client.callTool({
      name: 'Bash',
      arguments: { command: 'touch allowed.txt && echo made', description: 'make a file' },
    });
    expect(textOf(allowed)).toContain('made\n');
    const denied = await client.callTool({
      name: 'Bash',
      arguments: { command: 'touch denied.txt', description: 'make a file' },
    });
    expect([denied.isError, textOf(denied)]).toEqual([true, expect.stringMatching(/denied/i)]);
    expect(asked).toEqual([
      expect.stringContaining('Bash wants to run: touch allowed.txt && echo made'),
      expect.stringContaining('Bash wants to run: touch denied.txt'),
    ]);
    expect(existsSync(path.join(workspace, 'allowed.txt'))).toBe(true);
    expect(existsSync(path.join(workspace, 'denied.txt'))).toBe(false);
  });

  it('denies an ask, saying why and how to allow it, when the client cannot elicit', async () => {
    const { client } = await serve();
    const result = await client.callTool({
      name: 'Bash',
      arguments: { command: 'touch hi', description: 'make a file' },
    });
    expect([result.isError, textOf(result)]).toEqual([
      true,
      expect.stringMatching(
        /no one can be asked: the MCP client does not support elicitation; allow it with a permission rule/,
      ),
    ]);
  });

  it('cancels a ToolCall the client gave up on, consumes its checkpoint, and goes on serving', async () => {
    const { client, workspace, checkpoints } = await serve(() => 'allow-once');
    const controller = new AbortController();
    const call = client
      .callTool(
        {
          name: 'ToolCall',
          arguments: {
            expression:
              '(Bash :command "touch started; while [ ! -f go ]; do sleep 0.05; done; touch ran" :description "wait")',
          },
        },
        undefined,
        { signal: controller.signal },
      )
      .then(
        () => 'answered',
        (error: Error) => error.message,
      );
    await until(() => existsSync(path.join(workspace, 'started')));
    controller.abort('enough');
    expect(await call).toContain('enough');
    await until(() => checkpoints().length === 0);
    await writeFile(path.join(workspace, 'go'), '');
    const next = await client.callTool({ name: 'ToolCall', arguments: { expression: '(+ 1 2)' } });
    expect(textOf(next)).toBe('3');
    expect(existsSync(path.join(workspace, 'ran'))).toBe(false);
  });

  it('serves one connection per server, and refuses a tool set or transport it cannot use', async () => {
    const { mcp, toolSet, connection } = await serve();
    const transport = () => InMemoryTransport.createLinkedPair()[1];
    await expect(mcp.connect({ toolSet, transport: transport() })).rejects.toThrow(
      'McpToolServer.connect: this server is connected already; create one per connection',
    );
    await expect(
      createMcpToolServer().connect({ toolSet: {} as never, transport: transport() }),
    ).rejects.toThrow(
      'McpToolServer.connect: toolSet must be a tool set (createToolSet), received [object Object]',
    );
    expect(() => createMcpToolServer({ fallback: 'yes' as never })).toThrow(
      'createMcpToolServer: fallback must be a PermissionAsker function, received yes',
    );
    await connection.close();
    await connection.closed;
  });

  it('sends background events as log notifications and gives them to the model once', async () => {
    const { client } = await serve();
    const logged: { logger?: string; data: { type: string; text: string } }[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification.params as never);
    });
    const started = await client.callTool({
      name: 'Monitor',
      arguments: { command: 'printf "one\\ntwo\\n"', description: 'count' },
    });
    expect(started.isError).toBeFalsy();
    await until(() => logged.some((entry) => entry.data.type === 'monitor-end'));
    expect(logged.every((entry) => entry.logger === 'toolcall/events')).toBe(true);
    const lines = logged.filter((entry) => entry.data.type === 'monitor-lines');
    expect(lines.map((entry) => entry.data.text).join('\n')).toMatch(/one[\s\S]*two/);
    // The model gets the same events with its next result, once.
    const next = textOf(
      await client.callTool({ name: 'Read', arguments: { file_path: 'notes.txt' } }),
    );
    expect(next).toContain('Background work has reported');
    expect(next).toMatch(/one[\s\S]*two/);
    const after = textOf(
      await client.callTool({ name: 'Read', arguments: { file_path: 'notes.txt', offset: 2 } }),
    );
    expect(after).not.toContain('Background work has reported');
  });

  it('sends no log notification below the level the client set', async () => {
    const { client } = await serve();
    await client.setLoggingLevel('warning');
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification);
    });
    await client.callTool({
      name: 'Monitor',
      arguments: { command: 'echo quiet', description: 'q' },
    });
    // The model still gets the events: read until they come with a result.
    let delivered = '';
    while (!/MONITOR_TERMINAL/.test(delivered)) {
      delivered += textOf(
        await client.callTool({ name: 'Read', arguments: { file_path: 'notes.txt' } }),
      );
    }
    expect(delivered).toContain('quiet');
    expect(logged).toEqual([]);
  });

  it("tells the workspace's skills after the tool listing, and only what the host gives when it gives instructions", async () => {
    const workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-mcp-skills-')));
    cleanups.push(() => rm(workspace, { recursive: true, force: true }));
    const folder = path.join(workspace, '.toolcall', 'skills', 'release-notes');
    await mkdir(folder, { recursive: true });
    await writeFile(
      path.join(folder, 'SKILL.md'),
      '---\nname: release-notes\ndescription: Drafts release notes from merged changes.\n---\nSteps.\n',
    );
    const instructionsOf = async (instructions?: string) => {
      const mcp = createMcpToolServer();
      const toolSet = createToolSet({ workspace, askUser: mcp.askUser });
      cleanups.push(() => toolSet.close());
      const client = new Client({ name: 'test', version: '1.0.0' });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const connected = mcp.connect({
        toolSet,
        transport: serverSide,
        ...(instructions === undefined ? {} : { instructions }),
      });
      await client.connect(clientSide);
      await connected;
      cleanups.push(() => client.close());
      return client.getInstructions() ?? '';
    };
    const told = await instructionsOf();
    expect(told).toContain('WebFetch');
    expect(told).toContain('release-notes');
    expect(told.indexOf('WebFetch')).toBeLessThan(told.indexOf('release-notes'));
    expect(await instructionsOf('Only this.')).toBe('Only this.');
  });
});
