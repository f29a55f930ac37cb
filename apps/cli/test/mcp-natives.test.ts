import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, tempDir, trustWorkspace, until } from './helpers.js';

const upstream = fileURLToPath(new URL('./fixtures/upstream-server.mjs', import.meta.url));
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Content = { type: string; text?: string; data?: string; mimeType?: string };
type Result = Awaited<ReturnType<Client['callTool']>>;

const textOf = (result: Result) =>
  ((result.content ?? []) as Content[])
    .filter((item) => item.type === 'text')
    .map((item) => item.text)
    .join('\n');

const executionOf = (result: Result) => {
  const id = /execution_id="([^"]+)"/.exec(textOf(result))?.[1];
  expect(id).toBeDefined();
  return id!;
};

/** Connects to `toolcall mcp` in `cwd`, whose config (an upstream) the user trusted. */
async function connect(args: readonly string[], cwd: string): Promise<Client> {
  await trustWorkspace(cwd);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', ...args],
      cwd,
      env: { ...process.env, XDG_CONFIG_HOME: join(cwd, '.xdg') } as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  return client;
}

/** A workspace with a text file, a PNG, a TypeScript module and an upstream in its config. */
function workspace(toolCall?: Record<string, unknown>): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'notes.txt'), 'alpha\nbeta needle\n');
  writeFileSync(join(dir, 'pixel.png'), Buffer.from(PNG, 'base64'));
  writeFileSync(join(dir, 'm.ts'), 'export function f(a: number) {\n  return a + 1;\n}\n');
  mkdirSync(join(dir, '.toolcall'));
  writeFileSync(
    join(dir, '.toolcall', 'config.json'),
    JSON.stringify({
      upstreams: {
        up: { command: process.execPath, args: [upstream], composable: ['write', 'echo'] },
      },
      ...(toolCall === undefined ? {} : { toolCall }),
    }),
  );
  return dir;
}

const yesDir = workspace();
const plainDir = workspace();
let yes: Client;
let plain: Client;

beforeAll(async () => {
  [yes, plain] = await Promise.all([connect(['--yes'], yesDir), connect([], plainDir)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([yes?.close(), plain?.close()]);
});

describe('toolcall mcp: every offered tool', () => {
  it('offers the native tools, ToolSearch and ToolCall', async () => {
    const { tools } = await yes.listTools();
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
  });

  it('Read of a PNG returns an MCP image block next to its text', async () => {
    const result = await yes.callTool({ name: 'Read', arguments: { file_path: 'pixel.png' } });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toContain('image/png 1x1');
    expect((result.content as Content[]).filter((item) => item.type === 'image')).toEqual([
      { type: 'image', data: PNG, mimeType: 'image/png' },
    ]);
  });

  it('Bash on a terminal yields while it waits, and WriteStdin sends it a line', async () => {
    const started = await yes.callTool({
      name: 'Bash',
      arguments: {
        command: 'read line; echo "got:$line"',
        description: 'wait for a line',
        tty: true,
        yield_time_ms: 300,
      },
    });
    expect(started.isError).toBe(false);
    expect(textOf(started)).toContain('state="running"');
    const written = await yes.callTool({
      name: 'WriteStdin',
      arguments: { execution_id: executionOf(started), chars: 'hello\n', yield_time_ms: 30_000 },
    });
    expect(written.isError).toBe(false);
    expect(textOf(written)).toContain('got:hello');
    expect(textOf(written)).toContain('state="completed"');
  });

  it('Monitor starts a watcher whose output WriteStdin polls', async () => {
    const started = await yes.callTool({
      name: 'Monitor',
      arguments: { command: 'echo tick1; echo tick2', description: 'two ticks' },
    });
    expect(started.isError).toBe(false);
    expect(textOf(started)).toMatch(/^Watching: two ticks\./);
    const polled = await yes.callTool({
      name: 'WriteStdin',
      arguments: { execution_id: executionOf(started), yield_time_ms: 30_000 },
    });
    expect(textOf(polled)).toContain('tick1\ntick2\n');
    expect(textOf(polled)).toContain('state="completed"');
  });

  it('Glob, Grep and ApplyPatch', async () => {
    const glob = await yes.callTool({ name: 'Glob', arguments: { pattern: '*.ts' } });
    expect(textOf(glob)).toBe(join(yesDir, 'm.ts'));
    const grep = await yes.callTool({
      name: 'Grep',
      arguments: { pattern: 'needle', output_mode: 'content' },
    });
    expect(textOf(grep)).toContain('beta needle');
    const patch = '*** Begin Patch\n*** Add File: added.txt\n+new line\n*** End Patch';
    const applied = await yes.callTool({ name: 'ApplyPatch', arguments: { patch } });
    expect(applied.isError).toBe(false);
    expect(readFileSync(join(yesDir, 'added.txt'), 'utf8')).toBe('new line\n');
  });

  it('ToolSearch names the tools reached through ToolCall', async () => {
    const result = await yes.callTool({ name: 'ToolSearch', arguments: { query: 'execution' } });
    for (const name of ['ListExecutions', 'StopExecution']) {
      expect(textOf(result)).toContain(`(${name}`);
    }
  });

  it('ToolCall reaches ListExecutions and StopExecution for a running Bash call', async () => {
    const started = await yes.callTool({
      name: 'Bash',
      arguments: { command: 'sleep 300', description: 'wait', yield_time_ms: 300 },
    });
    const id = executionOf(started);
    const listed = await yes.callTool({
      name: 'ToolCall',
      arguments: { expression: '(ListExecutions)' },
    });
    expect(textOf(listed)).toContain(`execution_id="${id}"`);
    const stopped = await yes.callTool({
      name: 'ToolCall',
      arguments: { expression: `(StopExecution :execution_id "${id}")` },
    });
    expect(stopped.isError).toBe(false);
    expect(textOf(stopped)).toContain('termination="stopped"');
  });

  it('ToolCall reaches Outline and Node', async () => {
    const result = await yes.callTool({
      name: 'ToolCall',
      arguments: {
        expression: '(list (Outline :file_path "m.ts") (Node :file_path "m.ts" :line 2 :column 2))',
      },
    });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toContain('m.ts:1: [Function] f');
    expect(textOf(result)).toMatch(/Node Type: return\b/);
  });
});

describe('toolcall mcp: ToolCall checkpoints', () => {
  it('removes the checkpoint of every ToolCall whose reply was sent', async () => {
    const result = await yes.callTool({
      name: 'ToolCall',
      arguments: { expression: '(length (Glob :pattern "*.txt"))' },
    });
    expect(result.isError).toBe(false);
    const sessions = join(yesDir, '.toolcall', 'sessions');
    const folders = readdirSync(sessions).map((id) => join(sessions, id, 'toolcall'));
    expect(folders.length).toBeGreaterThan(0);
    // Removed once the reply has been written: it may still be going as the reply arrives.
    await until(() => folders.every((folder) => readdirSync(folder).length === 0));
  });
});

describe('toolcall mcp: config-file upstreams and asking', () => {
  it('admits the upstream tools the config lists as composable into a composed script', async () => {
    const result = await yes.callTool({
      name: 'ToolCall',
      arguments: { expression: '(list (up/write :text "x") (up/echo :text "y"))' },
    });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toMatch(/^\("wrote x" "Y"\)/);
  });

  it('says no one could be asked when the client has no elicitation and there is no --yes', async () => {
    const result = await plain.callTool({
      name: 'Bash',
      arguments: { command: 'touch made', description: 'make a file' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^Error: Permission denied: approval is required \(.+\) and no one can be asked: the MCP client does not support elicitation; allow it with a rule or start the server with --yes\./,
    );
    expect(textOf(result)).not.toContain('declined');
  });
});

describe('toolcall mcp: the specialist listing', () => {
  it('tells the client the discoverable tools as calling shapes in its instructions, never a native one', () => {
    const instructions = yes.getInstructions() ?? '';
    expect(instructions).toMatch(/^Specialist tools callable through ToolCall/);
    for (const shape of ['(Outline :file_path ', '(WebFetch :url ', '(up/write :text ']) {
      expect(instructions).toContain(`- ${shape}`);
    }
    expect(instructions).toContain('\n- (up/echo :text string) - Echoes its text in upper case.');
    expect(instructions).not.toMatch(/^- \((Read|Bash|Grep|ApplyPatch|ToolCall|ToolSearch)[ )]/m);
    expect(instructions).not.toContain('more: use ToolSearch');
  });

  it("keeps the listing within the config's share of its context window, counting the rest", async () => {
    const dir = workspace({ contextWindow: 3_000, listingShare: 0.05 });
    const small = await connect([], dir);
    try {
      const instructions = small.getInstructions() ?? '';
      expect(instructions).toMatch(/^Specialist tools callable through ToolCall/);
      expect(instructions).toMatch(/\n\(\d+ more: use ToolSearch\)$/);
      expect(instructions.length).toBeLessThanOrEqual(3_000 * 0.05 * 4);
    } finally {
      await small.close();
    }
  });
});
