import {
  type ChildRecord,
  type PipelineEvent,
  type ToolCallCheckpoint,
  UNSTARTED_RESULTS,
} from '@toolcall/pipeline';
import type { RenderBatch, RenderRow } from '@toolcall/render';
import { createToolSetRenderers } from '@toolcall/tools';
import { describe, expect, it } from 'vitest';
import { applyChildEvent, applyJournal, type ViewCall, viewTreeOf } from './view-tree.js';

const renderers = createToolSetRenderers();

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
    renderers,
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

  it('draws a child that never started (cancelled or interrupted while queued) as not started', () => {
    const call = envelope(false);
    const data = call.renderData as { childCalls: Array<Record<string, unknown>> };
    const unstarted = (status: string, result: string) => ({
      ...data.childCalls[0],
      args: null,
      status,
      result,
    });
    data.childCalls = [
      unstarted('cancelled', UNSTARTED_RESULTS.cancelled),
      unstarted('interrupted', UNSTARTED_RESULTS.interrupted),
      // Cancelled while it ran, its arguments too large to keep: it may have done its work.
      unstarted('cancelled', 'cancelled'),
    ];
    const children = (rowOf(call).children ?? []) as RenderRow[];
    expect(children.map((child) => [child.header, child.status])).toEqual([
      ['Read (not started)', 'cancelled'],
      ['Read (not started)', 'interrupted'],
      [expect.not.stringContaining('not started'), 'cancelled'],
    ]);
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
    renderers,
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

describe('the queued calls of a running script', () => {
  const record = (index: number, status: ChildRecord['status']): ChildRecord => ({
    index,
    id: `toolu_1/${index}`,
    tool: 'Bash',
    args: status === 'queued' ? null : { command: `echo ${index}` },
    batch: 'b1',
    status,
    result: null,
    warning: false,
    renderData: null,
  });
  const journal = (...children: ChildRecord[]): ToolCallCheckpoint => ({
    version: 1,
    envelopeId: 'toolu_1',
    state: 'running',
    children,
  });
  const started = (index: number): PipelineEvent =>
    ({
      type: 'started',
      parentId: 'toolu_1',
      toolUseId: `toolu_1/${index}`,
      toolName: 'Bash',
      input: { command: `echo ${index}` },
    }) as unknown as PipelineEvent;

  it('draws each as a closed queued row in the join’s batch, replaced by its running row once it starts', () => {
    const call: ViewCall = {
      id: 'toolu_1',
      tool: 'ToolCall',
      args: { expression: '(parallel (Bash :command "echo 1") (Bash :command "echo 2"))' },
      status: 'running',
      children: new Map(),
      renderers,
    };
    applyChildEvent(call, started(1));
    applyJournal(call, journal(record(1, 'running'), record(2, 'queued')));
    const [batch] = (rowOf(call).children ?? []) as RenderBatch[];
    expect(batch).toMatchObject({ kind: 'batch', batch: 'b1' });
    const rows = batch?.rows ?? [];
    expect(rows.map((row) => [row.id, row.header, row.status, row.expandable])).toEqual([
      ['toolu_1/1', expect.stringMatching(/^Bash/), 'running', expect.any(Boolean)],
      ['toolu_1/2', 'Bash (queued)', 'running', false],
    ]);
    // It starts before the next journal is read: one row, running, still in the batch.
    applyChildEvent(call, started(2));
    const after = (rowOf(call).children ?? []) as RenderBatch[];
    expect(after).toHaveLength(1);
    expect(after[0]?.rows.map((row) => [row.id, row.header.includes('(queued)')])).toEqual([
      ['toolu_1/1', false],
      ['toolu_1/2', false],
    ]);
  });

  it('carries the live aggregate in the header only while the script runs', () => {
    const call: ViewCall = {
      id: 'toolu_1',
      tool: 'ToolCall',
      args: { expression: '(Bash :command "ls")' },
      status: 'running',
      children: new Map(),
      renderers,
      progress: 'Bash · 0 done · 2 queued',
    };
    expect(rowOf(call).header).toBe(
      'ToolCall: 0 calls (running) [Bash · 0 done · 2 queued]  (Bash :command "ls")',
    );
  });
});
