import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPipeline, defineTool, path, toAnthropicTool, z } from '@toolcall/pipeline';
import { createFileArtifactStore, createFileReader } from '@toolcall/pipeline/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The "Embedding in another harness" example of docs/pipeline.md, run against the built package.
let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pipeline-embed-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('embedding example', () => {
  it('answers tool_use blocks, denies by rule, asks the user and persists oversized output', async () => {
    await writeFile(join(root, 'small.txt'), 'hello\n');
    await writeFile(join(root, 'big.txt'), 'x'.repeat(40_000));
    await writeFile(join(root, '.env'), 'SECRET=1\n');
    const questions: string[] = [];
    const askUser = async (question: string) => {
      questions.push(question);
      return true;
    };
    const read = defineTool({
      name: 'Read',
      description: 'Reads a UTF-8 file.',
      readOnly: true,
      maxResultSize: 30_000,
      args: z.object({ file_path: path('The file to read.') }),
      handler: async ({ file_path }) => readFile(join(root, file_path), 'utf8'),
    });
    const write = defineTool({
      name: 'Write',
      description: 'Writes a UTF-8 file.',
      snapshot: true,
      args: z.object({ file_path: path('The file to write.'), content: z.string() }),
      handler: async ({ file_path, content }) => {
        await writeFile(join(root, file_path), content);
        return 'written';
      },
    });
    const pipeline = createPipeline({
      tools: [read, write],
      rules: [{ tool: '*', path: '**/.env', action: 'deny' }],
      asker: async (request) =>
        (await askUser(`Allow ${request.toolName}?`)) ? 'allow-once' : 'deny',
      artifacts: createFileArtifactStore(join(root, '.toolcall/sessions/s1/artifacts')),
      readFile: createFileReader(root),
    });
    const tools = pipeline.tools().map((tool) => toAnthropicTool(tool));
    async function answer(block: { id: string; name: string; input: unknown }) {
      const run = pipeline.runTool({ name: block.name, input: block.input, toolUseId: block.id });
      const projected = await pipeline.project(await run.outcome);
      return {
        type: 'tool_result',
        tool_use_id: block.id,
        content: projected.text,
        is_error: projected.isError,
      };
    }
    const small = await answer({ id: 'a', name: 'Read', input: { file_path: 'small.txt' } });
    const secret = await answer({ id: 'b', name: 'Read', input: { file_path: '.env' } });
    const big = await answer({ id: 'c', name: 'Read', input: { file_path: 'big.txt' } });
    const written = await answer({
      id: 'd',
      name: 'Write',
      input: { file_path: 'small.txt', content: 'bye\n' },
    });
    expect(tools.map((tool) => tool.name)).toEqual(['Read', 'Write']);
    expect([small, secret, written]).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: 'hello\n', is_error: false },
      {
        type: 'tool_result',
        tool_use_id: 'b',
        content: 'Error: Permission denied: deny rule for * path **/.env.',
        is_error: true,
      },
      { type: 'tool_result', tool_use_id: 'd', content: 'written', is_error: false },
    ]);
    expect(big.content).toMatch(
      /^<persisted-output>\nOutput too large \(40000 chars\)\. Full output saved to: artifact:\/\/Read-/,
    );
    expect(questions).toEqual(['Allow Write?']);
    expect(await pipeline.turnDiff()).toContain('-hello\n+bye\n');
  });
});
