import type { PipelineEvent } from '@toolcall/pipeline';
import type { RenderRow } from '@toolcall/render';
import { describe, expect, it } from 'vitest';
import { applyChildEvent, type ViewCall, viewTreeOf } from './view-tree.js';

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

  it('draws a recovered script’s interrupted child as an interrupted row, not a generic fallback', () => {
    const call = envelope(false);
    const data = call.renderData as { childCalls: Array<Record<string, unknown>> };
    data.childCalls[0] = { ...data.childCalls[0], status: 'interrupted', result: 'interrupted' };
    const row = rowOf(call);
    expect(row.tool).toBe('ToolCall');
    const [child] = (row.children ?? []) as RenderRow[];
    expect([child?.tool, child?.status]).toEqual(['Read', 'interrupted']);
  });

  it('draws a denied child as a closed denied row', () => {
    const call = envelope(false);
    const data = call.renderData as { childCalls: Array<Record<string, unknown>> };
    data.childCalls[0] = {
      ...data.childCalls[0],
      status: 'denied',
      result: 'Error: Permission denied: the user declined.',
    };
    const [child] = (rowOf(call).children ?? []) as RenderRow[];
    expect([child?.tool, child?.status, child?.expanded]).toEqual(['Read', 'denied', false]);
  });
});

describe('the live children of a running script', () => {
  const running = (): ViewCall => ({
    id: 'toolu_1',
    tool: 'ToolCall',
    args: { expression: '(Read :file_path "a.txt")' },
    status: 'running',
    children: new Map(),
  });

  const settled = (toolUseId: string, code: 'denied' | 'cancelled' | undefined): PipelineEvent =>
    ({
      type: 'settled',
      parentId: 'toolu_1',
      toolUseId,
      toolName: 'Read',
      input: { file_path: 'a.txt' },
      outcome: {
        status: code === undefined ? 'success' : 'error',
        result: code === undefined ? 'x' : `Error: ${code}`,
        ...(code === undefined ? {} : { error: { code, message: code } }),
      },
    }) as unknown as PipelineEvent;

  it('shows a refused call as denied and a cancelled one as cancelled, as the audit will', () => {
    const call = running();
    for (const [id, code] of [
      ['toolu_1/1', undefined],
      ['toolu_1/2', 'denied'],
      ['toolu_1/3', 'cancelled'],
    ] as const) {
      expect(applyChildEvent(call, settled(id, code))).toBe(true);
    }
    const children = (rowOf(call).children ?? []) as RenderRow[];
    expect(children.map((child) => child.status)).toEqual(['success', 'denied', 'cancelled']);
  });

  it('keeps a bounded preview of a large result and drops large render data, as the audit does', () => {
    const call = running();
    const big = 'x'.repeat(100_000);
    applyChildEvent(call, {
      type: 'settled',
      parentId: 'toolu_1',
      toolUseId: 'toolu_1/1',
      toolName: 'Read',
      input: { file_path: 'a.txt' },
      outcome: { status: 'success', result: big, renderData: { kind: 'read', text: big } },
    } as unknown as PipelineEvent);
    const child = call.children.get('toolu_1/1');
    expect(child?.renderData).toBeUndefined();
    expect(child?.result).toBe(`${'x'.repeat(2000)}… (98000 more characters)`);
    expect(JSON.stringify(viewTreeOf(call)).length).toBeLessThan(10_000);
  });
});
