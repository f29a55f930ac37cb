import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

// An embedder's whole server: a plain tool set over the working directory, served on stdio.
const ESM = `import { createToolSet } from '@toolcall/tools';
import { createMcpToolServer, createStdioServerTransport } from '@toolcall/tools/mcp';

const mcp = createMcpToolServer({ name: 'embedded', version: '1.0.0' });
const toolSet = createToolSet({
  workspace: process.cwd(),
  askUser: mcp.askUser,
  onProgress: mcp.onProgress,
});
const connection = await mcp.connect({ toolSet, transport: createStdioServerTransport() });
await connection.closed;
await toolSet.close();
`;

const CJS = `const { createToolSet } = require('@toolcall/tools');
const { createMcpToolServer, createStdioServerTransport } = require('@toolcall/tools/mcp');

const mcp = createMcpToolServer({ name: 'embedded', version: '1.0.0' });
const toolSet = createToolSet({
  workspace: process.cwd(),
  askUser: mcp.askUser,
  onProgress: mcp.onProgress,
});
mcp
  .connect({ toolSet, transport: createStdioServerTransport() })
  .then((connection) => connection.closed)
  .then(() => toolSet.close());
`;

type Content = { type: string; text?: string };
const textOf = (result: Record<string, unknown>) =>
  ((result.content ?? []) as Content[]).map((item) => item.text).join('\n');

let root = '';
beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-mcp-e2e-')));
  // The scripts import the built package by name, as an installed dependency.
  await mkdir(path.join(root, 'node_modules', '@toolcall'), { recursive: true });
  await symlink(PACKAGE, path.join(root, 'node_modules', '@toolcall', 'tools'), 'dir');
  await writeFile(path.join(root, 'serve.mjs'), ESM);
  await writeFile(path.join(root, 'serve.cjs'), CJS);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A workspace, and the SDK's client over the script's stdio, answering asks with `decide`. */
async function connect(script: string, decide: (message: string) => string) {
  const workspace = await mkdtemp(path.join(root, 'workspace-'));
  await writeFile(path.join(workspace, 'notes.txt'), 'alpha\nbeta\ngamma\n');
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(String(request.params.message));
    return { action: 'accept', content: { decision: decide(asked.at(-1)!) } };
  });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(root, script)],
      cwd: workspace,
      stderr: 'ignore',
    }),
  );
  return { client, workspace, asked };
}

describe('an embedder serving createToolSet over stdio with @toolcall/tools/mcp', () => {
  for (const script of ['serve.mjs', 'serve.cjs']) {
    it(`lists, reads, runs a parallel script and asks by elicitation (${script})`, async () => {
      const { client, workspace, asked } = await connect(script, (message) =>
        message.includes('denied.txt') ? 'deny' : 'allow-once',
      );
      try {
        expect(client.getServerVersion()).toMatchObject({ name: 'embedded', version: '1.0.0' });
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toContain('ToolCall');
        expect(client.getInstructions()).toContain('WebFetch');

        const read = await client.callTool({ name: 'Read', arguments: { file_path: 'notes.txt' } });
        expect([read.isError, textOf(read)]).toEqual([false, expect.stringContaining('beta')]);

        const progress: string[] = [];
        const script = await client.callTool(
          {
            name: 'ToolCall',
            arguments: {
              expression:
                '(length (parallel-map (lambda (f) (Grep :pattern f :output_mode "count")) (list "alpha" "beta" "gamma")))',
            },
          },
          undefined,
          { onprogress: (event) => void progress.push(String(event.message)) },
        );
        expect([script.isError, textOf(script)]).toEqual([false, '3']);
        // ToolCall's aggregate as it changed (the SDK's client drops a notification that
        // arrives in the same read as the reply: the last one may be missing).
        expect(progress).toContainEqual(expect.stringMatching(/^Grep(, Grep)* · \d done$/));

        const allowed = await client.callTool({
          name: 'Bash',
          arguments: { command: 'touch allowed.txt && echo made', description: 'make a file' },
        });
        expect(textOf(allowed)).toContain('made\n');
        const denied = await client.callTool({
          name: 'Bash',
          arguments: { command: 'touch denied.txt', description: 'make a file' },
        });
        expect(denied.isError).toBe(true);
        expect(asked).toEqual([
          expect.stringContaining('Bash wants to run: touch allowed.txt && echo made'),
          expect.stringContaining('Bash wants to run: touch denied.txt'),
        ]);
        expect(existsSync(path.join(workspace, 'allowed.txt'))).toBe(true);
        expect(existsSync(path.join(workspace, 'denied.txt'))).toBe(false);
      } finally {
        await client.close();
      }
    });
  }
});
