import { buildRenderTree, type RenderRow } from '@toolcall/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
  await workspace.write('src/a.ts', 'export const a = 1;\nexport function b() {}\n');
  await workspace.write('src/empty.py', '\n');
});
afterAll(() => workspace.dispose());

/** The row the tool set's registry draws for a real call, in summary and in full. */
async function rows(name: string, input: Record<string, unknown>): Promise<RenderRow[]> {
  const outcome = await workspace.call(name, input);
  const record = {
    id: outcome.toolUseId,
    tool: name,
    args: input,
    result: outcome.result,
    status: outcome.status,
    renderData: outcome.renderData ?? null,
  };
  const { renderers: registry } = workspace.toolSet;
  return [
    buildRenderTree([record], { registry }).items[0] as RenderRow,
    buildRenderTree([record], { registry, expand: 'all' }).items[0] as RenderRow,
  ];
}

describe('outlineRenderer', () => {
  it('counts the definitions, its lines the collapsed body', async () => {
    const [summary, full] = await rows('Outline', { file_path: 'src/a.ts' });
    expect([summary?.header, summary?.expanded, summary?.body]).toEqual([
      'Outline src/a.ts (2 definitions)',
      false,
      null,
    ]);
    expect(full?.body).toMatch(/^src\/a\.ts:1: .*a\nsrc\/a\.ts:2: .*b$/);
  });

  it('draws a file without definitions as a compact line and a failure as the generic error row', async () => {
    const [empty] = await rows('Outline', { file_path: 'src/empty.py' });
    const [missing] = await rows('Outline', { file_path: 'src/none.ts' });
    expect([empty?.header, empty?.expandable]).toEqual([
      'Outline src/empty.py (no definitions)',
      false,
    ]);
    expect([missing?.header, missing?.status]).toEqual([
      expect.stringMatching(/^Outline: src\/none\.ts — Error listing symbols in src\/none\.ts/),
      'error',
    ]);
  });
});

describe('nodeRenderer', () => {
  it('names the position and the node type, the report the collapsed body', async () => {
    const [summary, full] = await rows('Node', { file_path: 'src/a.ts', line: 1, column: 13 });
    expect(summary?.header).toBe('Node src/a.ts:1:13 (identifier)');
    expect(full?.body).toContain('Node Type: identifier');
    const [tree] = await rows('Node', { file_path: 'src/a.ts', whole_file: true });
    expect(tree?.header).toBe('Node src/a.ts (syntax tree)');
  });
});
