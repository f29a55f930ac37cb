import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, tempDir, toolcall, trustWorkspace } from './helpers.js';

const upstream = fileURLToPath(new URL('./fixtures/upstream-server.mjs', import.meta.url));
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Content = { type: string; text?: string; data?: string; mimeType?: string };

/**
 * Starts `toolcall mcp` in `cwd` with the fixture upstream as `up` (given with `--upstream`
 * unless `upstreamFlag` is false, when the workspace config names it) and connects to it.
 */
async function connect(
  args: readonly string[],
  cwd: string,
  answer?: (message: string) => string | Promise<string>,
  upstreamFlag = true,
): Promise<Client> {
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    answer === undefined ? {} : { capabilities: { elicitation: {} } },
  );
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => ({
      action: 'accept',
      content: { decision: await answer(String(request.params.message)) },
    }));
  }
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [
        bin,
        'mcp',
        ...(upstreamFlag ? ['--upstream', `up=${process.execPath} ${upstream}`] : []),
        ...args,
      ],
      cwd,
      env: { ...process.env, XDG_CONFIG_HOME: `${cwd}/.xdg` } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  return client;
}

/** A workspace whose config starts the fixture upstream as `up` with these `composable` tools. */
function upstreamConfigDir(composable: unknown): string {
  const dir = tempDir();
  mkdirSync(join(dir, '.toolcall'));
  writeFileSync(
    join(dir, '.toolcall', 'config.json'),
    JSON.stringify({
      upstreams: { up: { command: process.execPath, args: [upstream], composable } },
    }),
  );
  return dir;
}

const textOf = (result: Record<string, unknown>) =>
  ((result.content ?? []) as Content[])
    .filter((item) => item.type === 'text')
    .map((item) => item.text)
    .join('\n');

let web: HttpServer;
let url: string;
let plain: Client;
const asked: string[] = [];
let eliciting: Client;
/** Its config admits the tools the upstream marks read-only into composed scripts. */
let composing: Client;
const plainDir = tempDir();
const elicitingDir = tempDir();
for (const dir of [plainDir, elicitingDir]) {
  writeFileSync(join(dir, 'notes.txt'), 'alpha\nbeta needle\ngamma\n');
}

beforeAll(async () => {
  web = createServer((_request, response) => {
    response.setHeader('content-type', 'text/plain');
    response.end('served text');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(web.address() as AddressInfo).port}/a.txt`;
  plain = await connect([], plainDir);
  // Loopback is reached only under a rule naming it; an ask rule leaves each call to the person.
  eliciting = await connect(['--ask', 'WebFetch(domain:127.0.0.1)'], elicitingDir, (message) => {
    asked.push(message);
    return 'allow-once';
  });
  const composingDir = upstreamConfigDir('read-only');
  await trustWorkspace(composingDir);
  composing = await connect([], composingDir, undefined, false);
}, 60_000);

afterAll(async () => {
  await plain?.close();
  await eliciting?.close();
  await composing?.close();
  web?.close();
});

describe('toolcall mcp', () => {
  it('lists the native tools, ToolSearch and ToolCall with schemas and annotations', async () => {
    const { tools } = await plain.listTools();
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
    const toolCall = tools.find((tool) => tool.name === 'ToolCall')!;
    expect(toolCall.inputSchema).toMatchObject({ type: 'object', required: ['expression'] });
    expect(toolCall.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: true,
    });
    expect(tools.find((tool) => tool.name === 'Read')!.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(tools.find((tool) => tool.name === 'ApplyPatch')!.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
    });
  });

  it('calls Read, Glob and Grep inside the workspace without asking', async () => {
    const read = await plain.callTool({ name: 'Read', arguments: { file_path: 'notes.txt' } });
    expect(textOf(read)).toContain('2\tbeta needle');
    const glob = await plain.callTool({ name: 'Glob', arguments: { pattern: '*.txt' } });
    expect(textOf(glob)).toContain(join(plainDir, 'notes.txt'));
    const grep = await plain.callTool({
      name: 'Grep',
      arguments: { pattern: 'needle', output_mode: 'content' },
    });
    expect(textOf(grep)).toContain('beta needle');
  });

  it('denies ApplyPatch without elicitation, and applies it when the person allows it', async () => {
    const patch = '*** Begin Patch\n*** Add File: added.txt\n+new line\n*** End Patch';
    const denied = await plain.callTool({ name: 'ApplyPatch', arguments: { patch } });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/denied/i);
    const applied = await eliciting.callTool({ name: 'ApplyPatch', arguments: { patch } });
    expect(applied.isError).toBe(false);
    expect(readFileSync(join(elicitingDir, 'added.txt'), 'utf8')).toBe('new line\n');
  });

  it('asks before Bash: denied without elicitation, run when the person allows it', async () => {
    const command = 'touch made && echo hi';
    const denied = await plain.callTool({
      name: 'Bash',
      arguments: { command, description: 'greet' },
    });
    expect(denied.isError).toBe(true);
    const ran = await eliciting.callTool({
      name: 'Bash',
      arguments: { command, description: 'greet' },
    });
    expect(textOf(ran)).toContain('hi\n');
    expect(asked.at(-1)).toContain(`Bash wants to run: ${command}`);
    // A command proved read-only needs no question.
    const readOnly = await plain.callTool({
      name: 'Bash',
      arguments: { command: 'echo hi', description: 'greet' },
    });
    expect(textOf(readOnly)).toMatch(/^hi\n/);
  });

  it('sends heartbeat progress during a long call with no nested calls', async () => {
    const messages: string[] = [];
    // The command waits for a file the test writes when the first heartbeat arrives.
    const result = await eliciting.callTool(
      {
        name: 'Bash',
        arguments: {
          command: 'while [ ! -f go ]; do sleep 0.05; done; echo released',
          description: 'wait for the test',
        },
      },
      undefined,
      {
        onprogress: (event) => {
          messages.push(String(event.message));
          writeFileSync(join(elicitingDir, 'go'), '');
        },
      },
    );
    expect(textOf(result)).toMatch(/^released\n/);
    expect(messages[0]).toMatch(/^running Bash \(\d+ s\)$/);
  });

  it('runs a ToolCall script with parallel nested native calls', async () => {
    const result = await plain.callTool({
      name: 'ToolCall',
      arguments: {
        expression:
          '(let ((r (parallel (Read :file_path "notes.txt") (Grep :pattern "gamma" :output_mode "count")))) (length r))',
      },
    });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toMatch(/^2/);
  });

  it('calls ToolSearch, which finds the upstream tools by their NAME/tool identity', async () => {
    const result = await plain.callTool({ name: 'ToolSearch', arguments: { query: 'up/echo' } });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toContain('(up/echo :text string)');
  });

  it('points a direct call of a discoverable tool to ToolCall, and names the offered tools for an unknown one', async () => {
    const discoverable = await plain.callTool({ name: 'WebFetch', arguments: { url } });
    expect([discoverable.isError, textOf(discoverable)]).toEqual([
      true,
      'WebFetch is not offered directly: call it from ToolCall, e.g. (WebFetch …); ToolSearch shows its arguments.',
    ]);
    const unknown = await plain.callTool({ name: 'Nope', arguments: {} });
    expect([unknown.isError, textOf(unknown)]).toEqual([
      true,
      'Unknown tool Nope; the tools offered are Read, Bash, WriteStdin, Monitor, Glob, Grep, ApplyPatch, ToolSearch, ToolCall.',
    ]);
  });

  it('denies a network call without elicitation or --yes', async () => {
    const result = await plain.callTool({
      name: 'ToolCall',
      arguments: { expression: `(WebFetch :url "${url}")` },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/denied/i);
  });

  it('asks through elicitation and runs WebFetch when the person allows it', async () => {
    const result = await eliciting.callTool({
      name: 'ToolCall',
      arguments: { expression: `(WebFetch :url "${url}")` },
    });
    expect(textOf(result)).toContain('served text');
    expect(asked.at(-1)).toContain('WebFetch wants to connect to: 127.0.0.1');
  });

  it('reports a nested call waiting for approval in its progress while the person is asked', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'alpha\n');
    const messages: string[] = [];
    let waited: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      waited = resolve;
    });
    // The person answers only once the client has been told that a call waits for them.
    const client = await connect(['--ask', 'WebFetch(domain:127.0.0.1)'], dir, async () => {
      await waiting;
      return 'allow-once';
    });
    try {
      const result = await client.callTool(
        {
          name: 'ToolCall',
          arguments: {
            expression: `(list (Read :file_path "notes.txt") (WebFetch :url "${url}"))`,
          },
        },
        undefined,
        {
          onprogress: (event) => {
            messages.push(String(event.message));
            if (String(event.message).includes('waiting for approval')) waited();
          },
        },
      );
      expect(textOf(result)).toContain('served text');
      expect(messages).toContain('WebFetch · 1 done · 1 waiting for approval');
      // Once allowed, nothing waits any more. The final '2 done' is sent before the reply, but
      // the SDK's client drops a progress notification that arrives in the same read as the
      // reply it belongs to, so the last one seen may be the one before it.
      expect(messages.at(-1)).toMatch(/^(?:WebFetch · 1 done|2 done)$/);
    } finally {
      await client.close();
    }
  });

  it('counts nested calls a denial cancelled in its progress', async () => {
    // Bash is allowed and sleeps; WebFetch cannot be asked, so its denial aborts the script
    // and cancels the running Bash.
    const dir = tempDir();
    const client = await connect(['--allow', 'Bash'], dir);
    const progress: Array<[number, string]> = [];
    try {
      const result = await client.callTool(
        {
          name: 'ToolCall',
          arguments: {
            expression: `(parallel (Bash :command "sleep 30" :description "wait") (WebFetch :url "${url}"))`,
          },
        },
        undefined,
        { onprogress: (event) => progress.push([event.progress, String(event.message)]) },
      );
      expect(result.isError).toBe(true);
      expect(progress).toContainEqual([2, '0 done · 1 denied · 1 cancelled']);
    } finally {
      await client.close();
    }
  });

  it('counts the calls of a parallel-map waiting for a free slot in its progress', async () => {
    const dir = tempDir();
    for (const name of ['a', 'b', 'c']) writeFileSync(join(dir, `${name}.txt`), `${name}\n`);
    mkdirSync(join(dir, '.toolcall'));
    writeFileSync(
      join(dir, '.toolcall', 'config.json'),
      JSON.stringify({ toolCall: { parallelism: 1 } }),
    );
    const client = await connect([], dir);
    const progress: string[] = [];
    try {
      const result = await client.callTool(
        {
          name: 'ToolCall',
          arguments: {
            expression:
              '(length (parallel-map (lambda (f) (Read :file_path f)) (list "a.txt" "b.txt" "c.txt")))',
          },
        },
        undefined,
        { onprogress: (event) => progress.push(String(event.message)) },
      );
      expect([result.isError, textOf(result)]).toEqual([false, '3']);
      expect(progress).toContain('Read · 0 done · 2 queued');
      // The last notification may be dropped by the SDK's client (it shares a read with the
      // reply): then the one before it is the last seen.
      expect(progress.at(-1)).toMatch(/^(?:Read · 2 done|3 done)$/);
    } finally {
      await client.close();
    }
  });

  it("tells the workspace's skills in its instructions, after the specialist listing", async () => {
    const dir = tempDir();
    const folder = join(dir, '.toolcall', 'skills', 'release-notes');
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'SKILL.md'),
      '---\nname: release-notes\ndescription: Drafts release notes from merged changes.\n---\nSteps.\n',
    );
    const client = await connect([], dir);
    try {
      const instructions = client.getInstructions() ?? '';
      expect(instructions).toContain('(Outline :file_path');
      expect(instructions).toContain('release-notes');
      expect(instructions.indexOf('(Outline')).toBeLessThan(instructions.indexOf('release-notes'));
    } finally {
      await client.close();
    }
  });

  it('reports invalid input as a tool error', async () => {
    const result = await plain.callTool({ name: 'Grep', arguments: { pattern: 7 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Grep input is invalid');
  });

  it('keeps every upstream tool standalone-only without configuration, even a read-only one', async () => {
    const composed = await plain.callTool({
      name: 'ToolCall',
      arguments: { expression: '(list (up/echo :text "x"))' },
    });
    expect(composed.isError).toBe(true);
    expect(textOf(composed)).toContain('up/echo is standalone-only');
    // Called alone it runs, without asking: the server marks it read-only.
    const direct = await plain.callTool({
      name: 'ToolCall',
      arguments: { expression: '(up/echo :text "x")' },
    });
    expect([direct.isError, textOf(direct)]).toEqual([false, 'X']);
    const found = await plain.callTool({ name: 'ToolSearch', arguments: { query: 'up/echo' } });
    expect(textOf(found)).toContain('(up/echo :text string) [standalone only]');
  });

  it('composes upstream tools in one ToolCall script with progress notifications', async () => {
    const progress: string[] = [];
    const result = await composing.callTool(
      {
        name: 'ToolCall',
        arguments: {
          expression:
            '(let ((xs (parallel (up/echo :text "a") (up/echo :text "b")))) (string-join xs "+"))',
        },
      },
      undefined,
      { onprogress: (event) => progress.push(String(event.message)) },
    );
    expect(textOf(result)).toMatch(/^A\+B/);
    expect(result.isError).toBe(false);
    // The driver's aggregate: the running tools, then the counts; the last one has both done.
    expect(progress.some((message) => /^up\/echo(, up\/echo)? · [01] done$/.test(message))).toBe(
      true,
    );
    // The last notification may be dropped by the SDK's client (it shares a read with the
    // reply): then the one before it is the last seen.
    expect(progress.at(-1)).toMatch(/^(?:up\/echo · 1 done|2 done)$/);
  });

  it('keeps an upstream tool that is not read-only standalone-only', async () => {
    // Not admitted by `composable: "read-only"`, nor without configuration.
    for (const client of [composing, plain]) {
      const composed = await client.callTool({
        name: 'ToolCall',
        arguments: { expression: '(list (up/write :text "x"))' },
      });
      expect(composed.isError).toBe(true);
      expect(textOf(composed)).toContain('up/write is standalone-only');
    }
    const direct = await plain.callTool({
      name: 'ToolCall',
      arguments: { expression: '(up/write :text "x")' },
    });
    // Not read-only, so the call is asked, and this client cannot answer.
    expect(textOf(direct)).toMatch(/denied/i);
  });

  it('returns an upstream image as MCP image content', async () => {
    const result = await plain.callTool({
      name: 'ToolCall',
      arguments: { expression: '(up/image)' },
    });
    expect(result.isError).toBe(false);
    expect((result.content as Content[]).find((item) => item.type === 'image')).toEqual({
      type: 'image',
      data: PNG,
      mimeType: 'image/png',
    });
  });
});

describe('toolcall mcp: composable upstream tools in the config', () => {
  it('refuses to start when composable names a tool the upstream does not list', async () => {
    const dir = upstreamConfigDir(['echo', 'nope', 'wrte']);
    await trustWorkspace(dir);
    const result = await toolcall(['mcp'], { cwd: dir }).done;
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'toolcall mcp: upstream up: composable names tools the server does not list: "nope", "wrte"; it lists echo, image, write\n',
    });
  });
});
