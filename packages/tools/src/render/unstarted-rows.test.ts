import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNSTARTED_RESULTS } from '@toolcall/pipeline';
import { createRendererRegistry, type RenderContext, type RenderStatus } from '@toolcall/render';
import { describe, expect, it } from 'vitest';
import { executionRenderers } from '../execution/renderers.js';
import { createToolSet } from '../tool-set.js';
import { withUnstartedRows } from './unstarted-rows.js';

const registry = withUnstartedRows(createRendererRegistry({ Bash: executionRenderers.Bash }));

function row(
  tool: string,
  status: RenderStatus,
  args: unknown,
  result: unknown,
  summaryOnly = false,
) {
  const context = { callStatus: status, summaryOnly } as RenderContext;
  return registry.resolve(tool, 'error')?.(tool, args, result, null, context) ?? null;
}

describe('withUnstartedRows', () => {
  it('draws a queued call that never started as not started, with the reason as its body', () => {
    expect(row('Bash', 'cancelled', null, UNSTARTED_RESULTS.cancelled)).toEqual({
      header: 'Bash (not started)',
      status: 'cancelled',
      initiallyCollapsed: true,
      body: UNSTARTED_RESULTS.cancelled,
      bodyMode: 'text',
    });
    expect(row('Read', 'interrupted', null, UNSTARTED_RESULTS.interrupted, true)).toEqual({
      header: 'Read (not started)',
      status: 'interrupted',
      initiallyCollapsed: true,
    });
  });

  it("leaves every other row to its tool's renderer", () => {
    // A started call whose arguments were too large to keep has none either.
    expect(row('Bash', 'cancelled', null, 'cancelled')).toBeNull();
    expect(row('Bash', 'cancelled', { command: 'sleep 30' }, 'cancelled')?.header).toBe(
      'Bash sleep 30 (cancelled)',
    );
    // A tool without a renderer keeps the generic row.
    expect(row('Read', 'cancelled', null, 'cancelled')).toBeNull();
  });

  it('is part of the registry a tool set hands out', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'unstarted-rows-'));
    const set = createToolSet({ workspace: directory, web: false });
    try {
      const context = { callStatus: 'cancelled', summaryOnly: true } as RenderContext;
      const renderer = set.renderers.resolve('Grep', 'error');
      expect(renderer?.('Grep', null, UNSTARTED_RESULTS.cancelled, null, context)).toMatchObject({
        header: 'Grep (not started)',
        status: 'cancelled',
      });
    } finally {
      await set.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
