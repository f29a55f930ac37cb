import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPipeline } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_IDS } from './languages.js';
import { createNodeTool } from './node-tool.js';
import { createOutlineTool } from './outline-tool.js';
import { loadLanguage } from './warm-up.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navigation-'));
  await writeFile(join(dir, 'a.py'), 'class A:\n\tdef run(self):\n\t\treturn 1\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(input: Record<string, unknown>, name: 'Node' | 'Outline') {
  const pipeline = createPipeline({
    tools: [createNodeTool({ cwd: dir }), createOutlineTool({ cwd: dir })],
  });
  const outcome = await pipeline.runTool({ name, input, toolUseId: 'id' }).outcome;
  return { status: outcome.status, result: outcome.result };
}

describe('createOutlineTool', () => {
  it('outlines a file relative to the configured directory', async () => {
    expect(await run({ file_path: 'a.py' }, 'Outline')).toEqual({
      status: 'success',
      result: 'a.py:1: [Class] A\na.py:2: [Class > A] run',
    });
  });

  it('wraps a missing file in the listing error', async () => {
    expect(await run({ file_path: 'gone.py' }, 'Outline')).toEqual({
      status: 'error',
      result: 'Error listing symbols in gone.py: File gone.py does not exist',
    });
  });

  it('rejects a parse worker setting that is not a boolean', () => {
    expect(() => createOutlineTool({ parseWorker: 'no' as unknown as boolean })).toThrow(
      'createOutlineTool: `parseWorker` must be a boolean, received string',
    );
  });

  it('rejects a bad tab width when created', () => {
    expect(() => createNodeTool({ tabWidth: 0 })).toThrow(
      'createNodeTool: `tabWidth` must be a positive integer, received 0',
    );
  });
});

describe('createNodeTool', () => {
  it('reports the node under a tab-indented column', async () => {
    expect(await run({ file_path: 'a.py', line: 3, column: 16 }, 'Node')).toEqual({
      status: 'success',
      result: 'Node Type: return\nRange: 28-34\nText: return\nNamed: no',
    });
  });

  it('wraps position errors in the contract sentence', async () => {
    expect(await run({ file_path: 'a.py', line: 9 }, 'Node')).toEqual({
      status: 'error',
      result: 'Error getting tree-sitter info for a.py: Line 9 is outside the buffer',
    });
  });
});

describe('loadLanguage', () => {
  it('loads every bundled grammar with this web-tree-sitter', async () => {
    const loaded = await Promise.all(
      LANGUAGE_IDS.map(async (id) => {
        await loadLanguage(id);
        return id;
      }),
    );
    expect(loaded).toEqual([
      'javascript',
      'typescript',
      'tsx',
      'python',
      'go',
      'rust',
      'bash',
      'json',
      'css',
      'html',
    ]);
  });
});
