import { buildRenderTree, type RenderRow } from '@toolcall/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
});
afterAll(() => workspace.dispose());

async function row(query: string, expand: 'none' | 'all' = 'none'): Promise<RenderRow> {
  const outcome = await workspace.call('ToolSearch', { query });
  const record = {
    id: outcome.toolUseId,
    tool: 'ToolSearch',
    args: { query },
    result: outcome.result,
    status: outcome.status,
  };
  return buildRenderTree([record], { registry: workspace.toolSet.renderers, expand })
    .items[0] as RenderRow;
}

describe('toolSearchRenderer', () => {
  it('counts full contracts, listed matches and no matches, the answer the collapsed body', async () => {
    const drawn = await Promise.all(['Outline Node', 'navigation web', 'zzz'].map((q) => row(q)));
    expect(drawn.map((item) => [item.header, item.bodyMode, item.body])).toEqual([
      ['ToolSearch "Outline Node" (2 contracts)', 'markdown', null],
      [
        expect.stringMatching(/^ToolSearch "navigation web" \(\d+ (matches|contracts)\)$/),
        'markdown',
        null,
      ],
      ['ToolSearch "zzz" (no matches)', 'markdown', null],
    ]);
    const open = await row('Outline', 'all');
    expect(open.body).toMatch(/^## Outline\n/);
  });
});
