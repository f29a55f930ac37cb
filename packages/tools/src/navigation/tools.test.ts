import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
  await writeFile(join(dir, 'notes.txt'), 'plain text\n');
  await mkdir(join(dir, 'src.py'));
  await writeFile(join(dir, 'dos.js'), 'function a() {}\r\nfunction b() {}\r\n');
  await writeFile(join(dir, 'bom.js'), '\uFEFFfunction f() {}\n');
  await writeFile(join(dir, 'tool'), '\uFEFF#!/usr/bin/env node\r\nfunction g() {}\r\n');
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

describe('tool errors', () => {
  it('says a file has no parser in the Node error sentence', async () => {
    expect(await run({ file_path: 'notes.txt' }, 'Node')).toEqual({
      status: 'error',
      result:
        'Error getting tree-sitter info for notes.txt: No tree-sitter parser available for notes.txt',
    });
  });

  it('says a directory is one, in the error sentence of each tool', async () => {
    expect(await run({ file_path: 'src.py' }, 'Outline')).toEqual({
      status: 'error',
      result: 'Error listing symbols in src.py: src.py is a directory',
    });
    expect(await run({ file_path: 'src.py' }, 'Node')).toEqual({
      status: 'error',
      result: 'Error getting tree-sitter info for src.py: src.py is a directory',
    });
  });
});

describe('files with DOS line ends or a byte-order mark', () => {
  it('keeps the outline line numbers of a DOS file', async () => {
    expect(await run({ file_path: 'dos.js' }, 'Outline')).toEqual({
      status: 'success',
      result: 'dos.js:1: [Function] a\ndos.js:2: [Function] b',
    });
  });

  it('ends a DOS line before its carriage return, as Emacs does', async () => {
    expect(await run({ file_path: 'dos.js', line: 1, column: 15 }, 'Node')).toEqual({
      status: 'success',
      result:
        'Node Type: program\nRange: 1-33\nText: function a() {}\\nfunction b() {}\\n\nNamed: yes',
    });
    expect(await run({ file_path: 'dos.js', line: 2, column: 16 }, 'Node')).toEqual({
      status: 'error',
      result: 'Error getting tree-sitter info for dos.js: Column 16 is beyond the end of line 2',
    });
  });

  it('counts buffer positions without the carriage returns of earlier lines', async () => {
    const query = { file_path: 'dos.js', line: 2, column: 0, include_ancestors: true };
    expect(await run(query, 'Node')).toEqual({
      status: 'success',
      result: [
        'Node Type: function',
        'Range: 17-25',
        'Text: function',
        'Named: no',
        'Ancestors:',
        '  -[1] function_declaration (17-32)',
        '  --[2] program (1-33)',
      ].join('\n'),
    });
  });

  it('does not count a byte-order mark as a column or a position', async () => {
    expect(await run({ file_path: 'bom.js', line: 1, column: 0 }, 'Node')).toEqual({
      status: 'success',
      result: 'Node Type: function\nRange: 1-9\nText: function\nNamed: no',
    });
    expect(await run({ file_path: 'bom.js', line: 1, column: 16 }, 'Node')).toEqual({
      status: 'error',
      result: 'Error getting tree-sitter info for bom.js: Column 16 is beyond the end of line 1',
    });
  });

  it('finds the language of a script by its shebang after a byte-order mark', async () => {
    expect(await run({ file_path: 'tool' }, 'Outline')).toEqual({
      status: 'success',
      result: 'tool:2: [Function] g',
    });
    expect(await run({ file_path: 'tool', line: 2, column: 9 }, 'Node')).toEqual({
      status: 'success',
      result: 'Node Type: identifier\nRange: 30-31\nText: g\nNamed: yes\nField: name',
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
