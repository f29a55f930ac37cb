import type { ToolOutcome } from '@toolcall/pipeline';
import { buildRenderTree, createRendererRegistry, renderCall, renderPlain } from '@toolcall/render';
import { describe, expect, it } from 'vitest';
import { executionRenderers } from './renderers.js';
import { commandLabel, formatElapsed } from './row-parts.js';
import { createHarness, executionIdOf } from './testing/harness.js';

const registry = createRendererRegistry(executionRenderers);

function recordOf(tool: string, outcome: ToolOutcome) {
  return {
    id: outcome.toolUseId,
    tool,
    args: outcome.input,
    result: outcome.result,
    status: outcome.status,
    renderData: outcome.renderData ?? null,
  };
}

const seconds = (text: string) => text.replace(/\d+\.\d+s/g, 'Ns');

describe('commandLabel', () => {
  it('returns the first line cut to 60 columns when the command is long or has more lines', () => {
    expect([
      commandLabel('echo hi'),
      commandLabel('make\nmake test'),
      commandLabel(`echo ${'x'.repeat(80)}`),
    ]).toEqual(['echo hi', 'make …', `echo ${'x'.repeat(54)}…`]);
  });
});

describe('formatElapsed', () => {
  it('returns tenths of seconds under a minute and minutes with seconds above', () => {
    expect([formatElapsed(420), formatElapsed(12_040), formatElapsed(185_000)]).toEqual([
      '0.4s',
      '12.0s',
      '3m 05s',
    ]);
  });
});

describe('executionRenderers', () => {
  it('draws Bash rows with the command, state and elapsed time, output collapsed', async () => {
    const { call } = createHarness();
    const done = await call('Bash', { command: 'echo hello\necho again', description: 'greet' });
    const failed = await call('Bash', { command: 'exit 2', description: 'fail' });
    const running = await call('Bash', {
      command: 'sleep 300',
      description: 'wait',
      yield_time_ms: 250,
    });
    const id = executionIdOf(running.result);
    const short = await call('Bash', {
      command: 'sleep 0.5; echo late',
      description: 'late',
      yield_time_ms: 250,
    });
    // A poll returns as soon as the execution settles.
    const poll = await call('WriteStdin', { execution_id: executionIdOf(short.result) });
    const listed = await call('ListExecutions', {});
    const stopped = await call('StopExecution', { execution_id: id });
    const refused = await call('Bash', { command: 'sleep 1 &', description: 'bg' });
    const tree = buildRenderTree(
      [
        recordOf('Bash', done),
        recordOf('Bash', failed),
        recordOf('Bash', running),
        recordOf('WriteStdin', poll),
        recordOf('ListExecutions', listed),
        recordOf('StopExecution', stopped),
        recordOf('Bash', refused),
      ],
      { registry },
    );
    const rows = tree.items.flatMap((item) => (item.kind === 'row' ? [item] : []));
    expect([
      tree.warnings,
      rows.map((row) => [seconds(row.header), row.status, row.expanded]),
    ]).toEqual([
      [],
      [
        ['Bash echo hello … (done, Ns)', 'success', false],
        ['Bash exit 2 (failed, exit 2, Ns)', 'error', false],
        ['Bash sleep 300 (running, Ns)', 'running', false],
        ['ListExecutions (1 live)', 'success', false],
        [`StopExecution ${id} (interrupted, Ns)`, 'success', false],
        ['Bash sleep 1 & (failed)', 'error', false],
      ],
    ]);
    const opened = renderCall(recordOf('Bash', done), { registry }).rendering;
    expect(opened.body?.replace(/execution \S+ · /, '')).toBe(
      'echo hello\necho again\n\nhello\nagain\n\nexit 0 · 12 bytes, 2 lines',
    );
    expect(seconds(renderPlain(tree))).toContain('Bash echo hello … (done, Ns)');
  });

  it('draws Monitor as Watching with its description', async () => {
    const { call } = createHarness();
    const started = await call('Monitor', { command: 'sleep 300', description: 'deploy log' });
    const refused = await call('Monitor', { command: 'sleep 1 &', description: 'bg' });
    const rows = [started, refused].map(
      (outcome) =>
        renderCall(recordOf('Monitor', outcome), { registry, summaryOnly: true }).rendering,
    );
    expect(rows.map((row) => [row.header, row.status])).toEqual([
      ['Monitor: Watching deploy log', 'running'],
      ['Monitor "bg" (not started)', 'error'],
    ]);
  });
});

describe('a Bash row cancelled before it settled', () => {
  it('says cancelled, not "not started"', () => {
    const { rendering } = renderCall(
      {
        id: 'E1/2',
        tool: 'Bash',
        args: { command: 'sleep 37', description: 'wait' },
        result: 'cancelled',
        status: 'error',
        renderData: null,
      },
      { registry },
    );
    expect(rendering.header).toBe('Bash sleep 37 (cancelled)');
  });
});

describe('a Bash or Monitor row without execution facts', () => {
  const row = (tool: string, status: 'interrupted' | 'denied' | 'error', result: string) =>
    renderCall(
      {
        id: 'E1/3',
        tool,
        args: { command: 'touch made && sleep 30', description: 'make' },
        result,
        status,
        renderData: null,
      },
      { registry, summaryOnly: true },
    ).rendering;

  it('names the state its call ended in, never claiming a command that may have run did not start', () => {
    expect(
      [
        row('Bash', 'interrupted', 'Interrupted: the session ended before this call settled.'),
        row('Bash', 'denied', 'Error: denied by a rule'),
        // It ran, and its result was refused as too large for the script.
        row('Bash', 'error', 'Bash result of 70000 bytes exceeds the nested result limit'),
        row('Monitor', 'interrupted', 'Interrupted: the session ended before this call settled.'),
        row('Monitor', 'denied', 'Error: denied by a rule'),
      ].map((rendering) => [rendering.header, rendering.status]),
    ).toEqual([
      ['Bash touch made && sleep 30 (interrupted)', 'interrupted'],
      ['Bash touch made && sleep 30 (denied)', 'denied'],
      ['Bash touch made && sleep 30 (failed)', 'error'],
      ['Monitor "make" (interrupted)', 'interrupted'],
      ['Monitor "make" (not started)', 'denied'],
    ]);
  });
});
