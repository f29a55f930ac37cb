import type { ToolCallRenderData } from '@toolcall/pipeline';
import {
  buildRenderTree,
  createRendererRegistry,
  renderPlain,
  type ToolCallRecord,
} from '@toolcall/render';
import { describe, expect, it } from 'vitest';
import { toolCallRenderer } from './toolcall-renderer.js';

const registry = createRendererRegistry();
registry.register('ToolCall', toolCallRenderer(registry));

function envelope(
  header: ToolCallRenderData['header'],
  childCalls: ToolCallRenderData['childCalls'],
  status: ToolCallRecord['status'],
): ToolCallRecord {
  const renderData: Omit<ToolCallRenderData, 'summary' | 'feedback'> = {
    kind: 'toolcall',
    presentation: 'script',
    renderAs: 'ToolCall',
    header,
    childCalls,
    returned: null,
    failure: null,
  };
  return {
    id: 'E',
    tool: 'ToolCall',
    result: 'Error: stopped',
    status,
    renderData: renderData as unknown as ToolCallRecord['renderData'],
  };
}

const row = (
  index: number,
  tool: string,
  status: ToolCallRenderData['childCalls'][number]['status'],
  result: string,
) => ({
  id: `E/${index}`,
  tool,
  args: { file_path: `f${index}` },
  result,
  status,
  batch: null,
  renderData: null,
});

const drawn = (call: ToolCallRecord) => renderPlain(buildRenderTree([call], { registry }));

describe('the CLI ToolCall renderer', () => {
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
        '  ▸ Read: f1',
        '  ▸ × Read: f2 — Error: no such file',
        '  ▸ ⊗ Read: f3 — Error: Permission denied: deny rule.',
        '  ▸ ↯ Read: f4',
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
});
