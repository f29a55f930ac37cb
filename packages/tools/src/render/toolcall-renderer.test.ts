import type { ToolCallRenderData } from '@toolcall/pipeline';
import {
  buildRenderTree,
  createRendererRegistry,
  type RenderContext,
  type RenderRow,
  renderPlain,
  type ToolCallRecord,
} from '@toolcall/render';
import { describe, expect, it } from 'vitest';
import { readRenderer } from './read-renderer.js';
import { createToolCallRenderer } from './toolcall-renderer.js';

const registry = createRendererRegistry({ Read: { success: readRenderer } });
registry.register('ToolCall', createToolCallRenderer(registry));

type Row = ToolCallRenderData['childCalls'][number];

function envelope(
  header: ToolCallRenderData['header'],
  childCalls: readonly Row[],
  status: ToolCallRecord['status'],
  fields: Partial<ToolCallRenderData> = {},
  result: unknown = 'Error: stopped',
): ToolCallRecord {
  const renderData: Omit<ToolCallRenderData, 'summary' | 'feedback'> = {
    kind: 'toolcall',
    presentation: 'script',
    renderAs: 'ToolCall',
    header,
    childCalls,
    returned: null,
    failure: null,
    ...fields,
  };
  return {
    id: 'E',
    tool: 'ToolCall',
    result,
    ...(status === undefined ? {} : { status }),
    renderData: renderData as unknown as ToolCallRecord['renderData'],
  };
}

const row = (index: number, tool: string, status: Row['status'], result: string): Row => ({
  id: `E/${index}`,
  tool,
  args: { file_path: `f${index}` },
  result,
  status,
  batch: null,
  renderData: null,
});

const drawn = (call: ToolCallRecord) => renderPlain(buildRenderTree([call], { registry }));

function render(call: ToolCallRecord, summaryOnly = false) {
  const context: RenderContext = {
    summaryOnly,
    status: call.status === 'error' ? 'error' : 'success',
    id: call.id,
  };
  const renderer = registry.resolve('ToolCall', context.status);
  return renderer?.('ToolCall', call.args, call.result, call.renderData ?? null, context);
}

describe('createToolCallRenderer', () => {
  it('draws denied and interrupted nested calls as such, a denied one closed like a failed one', () => {
    const call = envelope(
      { title: 'ToolCall: 4 calls (1 failed, 1 denied, 1 interrupted)', status: 'error' },
      [
        row(1, 'Read', 'success', 'one'),
        row(2, 'Read', 'error', 'Error: no such file'),
        row(3, 'Read', 'denied', 'Error: Permission denied: deny rule.'),
        row(4, 'Read', 'interrupted', 'Interrupted: the session ended before this call settled.'),
      ],
      'error',
    );
    expect(drawn(call)).toBe(
      [
        '▾ × ToolCall: 4 calls (1 failed, 1 denied, 1 interrupted)',
        '  Error: stopped',
        '  ▸ Read f1',
        '  ▸ × Read: f2 — Error: no such file',
        '  ▸ ⊗ Read: f3 — Error: Permission denied: deny rule.',
        '  ▸ ↯ Read f4',
        '',
      ].join('\n'),
    );
  });

  it('draws an interrupted or cancelled envelope with its own status when the record has none', () => {
    const children = [row(1, 'Read', 'success', 'one')];
    const interrupted = envelope(
      { title: 'ToolCall: 1 call', status: 'interrupted' },
      children,
      undefined,
    );
    const cancelled = envelope(
      { title: 'ToolCall: 1 call', status: 'cancelled' },
      children,
      undefined,
    );
    expect([drawn(interrupted).split('\n')[0], drawn(cancelled).split('\n')[0]]).toEqual([
      '▾ ↯ ToolCall: 1 call',
      '▾ ⊘ ToolCall: 1 call',
    ]);
  });

  it('draws a script that succeeded after handling a failed or refused call as a warning', () => {
    const handled = (status: Row['status']) =>
      envelope(
        { title: 'ToolCall: 2 calls', status: 'success' },
        [row(1, 'Read', 'success', 'one'), row(2, 'Read', status, 'Error: no')],
        'success',
        {},
        '"fallback"',
      );
    expect(
      (['error', 'denied', 'warning', 'success'] as const).map(
        (status) => render(handled(status))?.status,
      ),
    ).toEqual(['warning', 'warning', 'warning', undefined]);
    expect(drawn(handled('error')).split('\n')[0]).toBe('▾ ! ToolCall: 2 calls');
  });

  it('draws a direct call as the underlying tool’s row, with the envelope’s full result', () => {
    const child: Row = {
      ...row(1, 'Read', 'success', 'a preview…'),
      renderData: { lines: 3 },
    };
    const call = envelope(
      { title: 'Read', status: 'success' },
      [child],
      'success',
      { presentation: 'direct', renderAs: 'Read' },
      'one\ntwo\nthree',
    );
    const tree = buildRenderTree([call], { registry, expand: 'all' });
    const top = tree.items[0] as RenderRow;
    expect([top.id, top.tool, top.header, top.body, top.children]).toEqual([
      'E',
      'ToolCall',
      'Read f1 (3 lines)',
      'one\ntwo\nthree',
      [],
    ]);
  });

  it('leaves out the body and child rows of a summary, with the same header and status', () => {
    const call = envelope(
      { title: 'ToolCall: 1 call', status: 'success' },
      [row(1, 'Read', 'error', 'Error: gone')],
      'success',
      {},
      '42',
    );
    const summary = render(call, true);
    const full = render(call, false);
    expect(summary).toEqual({
      header: 'ToolCall: 1 call',
      initiallyCollapsed: false,
      status: 'warning',
    });
    expect(full).toMatchObject({ ...summary, body: '42' });
    expect(full?.childCalls?.map((child) => child.id)).toEqual(['E/1']);
  });

  it('moves a collapsed returned value into a trailing Returned row', () => {
    const call = envelope(
      { title: 'ToolCall: 1 call', status: 'success' },
      [row(1, 'Read', 'success', 'one')],
      'success',
      { returned: { lines: 30, characters: 59, collapsed: true } },
      'long value',
    );
    const full = render(call);
    expect(full?.body).toBe('');
    expect(full?.childCalls?.map((child) => [child.id, child.tool, child.result])).toEqual([
      ['E/1', 'Read', 'one'],
      ['E/returned', 'Returned', 'long value'],
    ]);
  });

  it('counts a running script’s calls so far and carries its live progress', () => {
    const running: ToolCallRecord = {
      id: 'E',
      tool: 'ToolCall',
      status: 'running',
      renderData: {
        childCalls: [{ id: 'E/1', tool: 'Read', status: 'running', args: { file_path: 'a' } }],
        progress: 'Read · 0 done · 1 running',
      },
    };
    const idle: ToolCallRecord = { id: 'E', tool: 'ToolCall', status: 'running' };
    expect([render(running, true)?.header, render(idle, true)?.header]).toEqual([
      'ToolCall: 1 call (running) [Read · 0 done · 1 running]',
      'ToolCall',
    ]);
    expect(drawn(running)).toBe(
      '▾ … ToolCall: 1 call (running) [Read · 0 done · 1 running]\n  · … Read: a\n',
    );
  });

  it('refuses a registry that is not one', () => {
    expect(() => createToolCallRenderer({} as never)).toThrow(
      'createToolCallRenderer: registry must be a RendererRegistry, got object',
    );
  });
});
