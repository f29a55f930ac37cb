import type { ToolCallRenderData } from '@toolcall/pipeline';
import {
  buildRenderTree,
  createRendererRegistry,
  renderPlain,
  type ToolCallRecord,
} from '@toolcall/render';
import { describe, expect, it } from 'vitest';
import { executionRenderers } from '../execution/renderers.js';
import { createToolCallRenderer } from './toolcall-renderer.js';
import { withUnstartedRows } from './unstarted-rows.js';

const registry = withUnstartedRows(createRendererRegistry({ Bash: executionRenderers.Bash }));
registry.register('ToolCall', createToolCallRenderer(registry));

type Row = ToolCallRenderData['childCalls'][number];

const row = (index: number, tool: string, fields: Partial<Row>): Row => ({
  id: `E/${index}`,
  tool,
  args: null,
  result: null,
  status: 'interrupted',
  batch: 'E/b1',
  renderData: null,
  ...fields,
});

function drawn(childCalls: Row[]): string {
  const renderData: Omit<ToolCallRenderData, 'summary' | 'feedback'> = {
    kind: 'toolcall',
    presentation: 'script',
    renderAs: 'ToolCall',
    header: { title: `ToolCall: ${childCalls.length} calls`, status: 'interrupted' },
    childCalls,
    returned: null,
    failure: null,
  };
  const call: ToolCallRecord = {
    id: 'E',
    tool: 'ToolCall',
    result: 'Error: interrupted',
    status: 'interrupted',
    renderData: renderData as unknown as ToolCallRecord['renderData'],
  };
  return renderPlain(buildRenderTree([call], { registry }));
}

describe('the ToolCall renderer over withUnstartedRows', () => {
  it('draws the calls a session ended before they started as not started, whatever their tool', () => {
    const queued = 'Interrupted: the session ended before this queued call started.';
    expect(
      drawn([
        row(1, 'Bash', {
          args: { command: 'sleep 30' },
          result: 'Interrupted: the session ended before this call settled.',
        }),
        row(2, 'Bash', { result: queued }),
        row(3, 'Read', { result: queued }),
      ]),
    ).toBe(
      [
        '▾ ↯ ToolCall: 3 calls',
        '  Error: interrupted',
        '  ┌ ▸ ↯ Bash sleep 30 (interrupted)',
        '  │ ▸ ↯ Bash (not started)',
        '  └ ▸ ↯ Read (not started)',
        '',
      ].join('\n'),
    );
  });

  it('draws the calls a cancelled script left waiting as not started, cancelled', () => {
    const queued = 'Cancelled: the script stopped before this queued call started.';
    expect(
      drawn([
        row(1, 'Bash', { status: 'cancelled', args: { command: 'sleep 30' }, result: 'cancelled' }),
        row(2, 'Bash', { status: 'cancelled', result: queued }),
        row(3, 'Read', { status: 'cancelled', result: queued }),
      ]),
    ).toBe(
      [
        '▾ ↯ ToolCall: 3 calls',
        '  Error: interrupted',
        '  ┌ ▸ ⊘ Bash sleep 30 (cancelled)',
        '  │ ▸ ⊘ Bash (not started)',
        '  └ ▸ ⊘ Read (not started)',
        '',
      ].join('\n'),
    );
  });

  it('leaves rows without arguments that may have started as they were', () => {
    // A started call whose arguments were too large to keep has none in its row either.
    expect(
      drawn([
        row(1, 'Read', { result: 'Interrupted: the session ended before this call settled.' }),
        row(2, 'Read', { status: 'cancelled', result: 'cancelled' }),
      ]),
    ).toBe(
      ['▾ ↯ ToolCall: 2 calls', '  Error: interrupted', '  ┌ ▸ ↯ Read', '  └ ▸ ⊘ Read', ''].join(
        '\n',
      ),
    );
  });
});
