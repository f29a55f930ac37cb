import path from 'node:path';
import { buildRenderTree, renderPlain } from '@toolcall/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from './testing/workspace.js';
import { createToolSet } from './tool-set.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    docsDirectory: path.resolve(import.meta.dirname, '../../../docs'),
  });
  await workspace.write('src/a.ts', 'export const a = 1;\n');
});
afterAll(() => workspace.dispose());

async function rendered(name: string, input: Record<string, unknown>): Promise<string> {
  const outcome = await workspace.call(name, input);
  const tree = buildRenderTree(
    [
      {
        id: outcome.toolUseId,
        tool: name,
        args: input,
        result: outcome.result,
        status: outcome.status,
        renderData: outcome.renderData ?? null,
      },
    ],
    { registry: workspace.toolSet.renderers, expand: 'all' },
  );
  return renderPlain(tree);
}

describe('createToolSet', () => {
  it('registers the file tools, the discoverable tools, ToolSearch and ToolCall in one pipeline', () => {
    expect(workspace.toolSet.pipeline.tools().map((tool) => tool.name)).toEqual([
      'Read',
      'Glob',
      'Grep',
      'ApplyPatch',
      'Bash',
      'WriteStdin',
      'ListExecutions',
      'StopExecution',
      'Monitor',
      'Outline',
      'Node',
      'WebFetch',
      'WebSearch',
      'Skill',
      'ToolSearch',
      'ToolCall',
    ]);
    expect(workspace.toolSet.tools.map((tool) => [tool.name, tool.groups])).toEqual([
      ['Read', []],
      ['Glob', []],
      ['Grep', []],
      ['ApplyPatch', ['edit', 'reviewed-edit']],
      ['Bash', ['execution']],
      ['WriteStdin', ['execution']],
      ['ListExecutions', ['execution']],
      ['StopExecution', ['execution']],
      ['Monitor', ['execution']],
      ['Outline', ['navigation']],
      ['Node', ['navigation']],
      ['WebFetch', ['web']],
      ['WebSearch', ['web']],
      ['Skill', ['interaction']],
    ]);
  });

  it('leaves the web tools out when asked, and adds Ask only with a questionnaire host', () => {
    const set = createToolSet({
      workspace: workspace.root,
      web: false,
      askQuestions: async () => ({ status: 'cancelled' }),
    });
    expect(set.pipeline.tools().map((tool) => tool.name)).toEqual([
      'Read',
      'Glob',
      'Grep',
      'ApplyPatch',
      'Bash',
      'WriteStdin',
      'ListExecutions',
      'StopExecution',
      'Monitor',
      'Outline',
      'Node',
      'Ask',
      'Skill',
      'ToolSearch',
      'ToolCall',
    ]);
  });

  it('lets ToolSearch find a discoverable tool and a ToolCall script call it', async () => {
    await workspace.write('nav/m.py', 'def greet(name):\n    return name\n');
    const search = await workspace.run('ToolSearch', { query: 'Outline' });
    expect(search.status).toBe('success');
    expect(String(search.result)).toContain('(Outline :file_path');
    const outline = await workspace.run('ToolCall', {
      expression: '(Outline :file_path "nav/m.py")',
    });
    expect(outline).toEqual({ status: 'success', result: 'nav/m.py:1: [Function] greet' });
  });

  it("runs Bash from a ToolCall script through the set's own process manager", async () => {
    await workspace.write('bash/one.txt', 'one\n');
    const outcome = await workspace.run('ToolCall', {
      expression: '(Bash :command "cat bash/one.txt && echo two" :description "Print two lines")',
    });
    expect(outcome.status).toBe('success');
    expect(String(outcome.result)).toMatch(/^one\ntwo\n/);
    expect(String(outcome.result)).toContain('exit_code="0"');
  });

  it('throws a TypeError naming the option when the workspace is not absolute', () => {
    expect(() => createToolSet({ workspace: 'relative' })).toThrow(
      new TypeError(
        'createToolSet: workspace must be an absolute directory path, received relative',
      ),
    );
  });

  it('serves the manuals through toolcall:// to Read and Grep', async () => {
    const read = await workspace.run('Read', { file_path: 'toolcall://tools/files.md', limit: 1 });
    expect(read.status).toBe('success');
    expect(String(read.result)).toMatch(/^1\t# /);
    const grep = await workspace.run('Grep', { pattern: 'Begin Patch', path: 'toolcall://tools' });
    expect(grep.result).toBe('toolcall://tools/applypatch.md');
    // A :glob narrows the docs family's own *.md scope instead of widening it.
    const narrowed = await workspace.run('Grep', {
      pattern: 'ToolCall',
      path: 'toolcall://',
      glob: 'toolcall-dialect.md',
    });
    expect(narrowed).toEqual({ status: 'success', result: 'toolcall://toolcall-dialect.md' });
  });

  it('renders each file tool through the registry', async () => {
    expect(await rendered('Read', { file_path: 'src/a.ts' })).toContain('Read src/a.ts (1 line)');
    expect(await rendered('Glob', { pattern: '*.ts' })).toContain('Glob "*.ts" (1 file)');
    expect(await rendered('Grep', { pattern: 'const', output_mode: 'content' })).toContain(
      'Grep "const" (1 match in 1 file)',
    );
    const patch = [
      '*** Begin Patch',
      '*** Update File: src/a.ts',
      '-export const a = 1;',
      '+export const a = 2;',
      '*** End Patch',
    ].join('\n');
    const drawn = await rendered('ApplyPatch', { patch });
    expect(drawn).toContain('ApplyPatch src/a.ts (+1 −1)');
    expect(drawn).toContain('+export const a = 2;');
  });

  it('runs the file tools from a ToolCall script through the same pipeline', async () => {
    await workspace.write('script/a.txt', 'alpha\n');
    const direct = await workspace.run('ToolCall', {
      expression: '(Read :file_path "script/a.txt")',
    });
    expect(direct).toEqual({ status: 'success', result: '1\talpha' });
    const patch = '*** Begin Patch\n*** Update File: script/a.txt\n-alpha\n+beta\n*** End Patch';
    const composed = await workspace.run('ToolCall', {
      expression: [
        `(ApplyPatch :patch ${JSON.stringify(patch)})`,
        '(concat (Read :file_path "script/a.txt") " | "',
        '        (Grep :pattern "beta" :path "script" :output_mode "count"))',
      ].join('\n'),
    });
    expect(composed).toEqual({
      status: 'success',
      result: `1\tbeta | ${path.join(workspace.root, 'script/a.txt')}:1`,
    });
    const failed = await workspace.run('ToolCall', {
      expression: '(Read :file_path "script/absent.txt")',
    });
    expect(failed).toEqual({
      status: 'error',
      result: 'Error: File script/absent.txt does not exist',
    });
  });

  it('finds the file tools with ToolSearch', async () => {
    const { status, result } = await workspace.run('ToolSearch', { query: 'ApplyPatch' });
    expect(status).toBe('success');
    expect(String(result)).toContain('ApplyPatch');
  });

  it('denies a write under ask mode without an asker and leaves the file alone', async () => {
    const gated = await createTestWorkspace({ permissions: { mode: 'ask' } });
    try {
      await gated.write('a.txt', 'a\n');
      const outcome = await gated.call('ApplyPatch', {
        patch: '*** Begin Patch\n*** Delete File: a.txt\n*** End Patch',
      });
      expect(outcome.status).toBe('error');
      expect(outcome.error?.code).toBe('denied');
      expect((await gated.run('Read', { file_path: 'a.txt' })).result).toBe('1\ta');
    } finally {
      await gated.dispose();
    }
  });
});
