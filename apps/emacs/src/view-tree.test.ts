import type { RenderRow } from '@toolcall/render';
import { describe, expect, it } from 'vitest';
import { type ViewCall, viewTreeOf } from './view-tree.js';

const returned = Array.from({ length: 21 }, (_, i) => `l${i + 1}`).join('\n');

function envelope(collapsed: boolean): ViewCall {
  return {
    id: 'toolu_1',
    tool: 'ToolCall',
    args: { expression: '(concat (Read :file_path "a.txt") "")' },
    result: returned,
    status: 'success',
    renderData: {
      kind: 'toolcall',
      presentation: 'script',
      header: { title: 'ToolCall: 1 call', status: 'success' },
      childCalls: [
        {
          id: 'toolu_1/1',
          tool: 'Read',
          args: { file_path: 'a.txt' },
          result: 'x',
          status: 'success',
          batch: null,
          renderData: null,
        },
      ],
      returned: { lines: 21, characters: returned.length, collapsed },
    },
    children: new Map(),
  };
}

const rowOf = (call: ViewCall) => viewTreeOf(call).items[0] as RenderRow;

describe('the view tree of a ToolCall script', () => {
  it('draws a collapsed returned value as a trailing, collapsed Returned row', () => {
    const row = rowOf(envelope(true));
    expect(row.body).toBe('');
    const children = (row.children ?? []) as RenderRow[];
    expect(children.map((child) => [child.tool, child.header, child.expanded])).toEqual([
      ['Read', expect.stringMatching(/^Read/), false],
      ['Returned', 'Returned (21 lines)', false],
    ]);
    expect(children[1]).toMatchObject({ id: 'toolu_1/returned', body: returned });
  });

  it('keeps a value under the threshold inline', () => {
    const row = rowOf(envelope(false));
    expect(row.body).toBe(returned);
    expect(((row.children ?? []) as RenderRow[]).map((child) => child.tool)).toEqual(['Read']);
  });

  it('draws a recovered script’s interrupted child as a cancelled row, not a generic fallback', () => {
    const call = envelope(false);
    const data = call.renderData as { childCalls: Array<Record<string, unknown>> };
    data.childCalls[0] = { ...data.childCalls[0], status: 'interrupted', result: 'interrupted' };
    const row = rowOf(call);
    expect(row.tool).toBe('ToolCall');
    const [child] = (row.children ?? []) as RenderRow[];
    expect([child?.tool, child?.status]).toEqual(['Read', 'cancelled']);
  });
});
