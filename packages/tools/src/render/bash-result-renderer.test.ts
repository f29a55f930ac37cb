import { buildRenderTree, type RenderContext, type RenderRow, renderPlain } from '@toolcall/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bashRenderer, listExecutionsRenderer } from '../execution/renderers.js';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { renderDataFromResult, withResultFacts } from './bash-result-renderer.js';
import { withExecutionLines } from './execution-lines-renderer.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
});
afterAll(() => workspace.dispose());

const context: RenderContext = { summaryOnly: false, status: 'success', id: 'B' };

describe('renderDataFromResult', () => {
  it('reads the facts and output of the element a result ends with, its entities undone', () => {
    const result =
      'line 1\nline 2\n\n<bash-execution command="echo &quot;a&lt;b&quot;&#10;x" state="completed" termination="exited" exit_code="2" outcome="failure" wall_time_seconds="1.250" output_bytes="14" output_lines="2" tty="false"/>';
    expect(renderDataFromResult(result)).toEqual({
      kind: 'bash-execution',
      command: 'echo "a<b"\nx',
      output: 'line 1\nline 2',
      omittedBytes: 0,
      facts: {
        command: 'echo "a<b"\nx',
        state: 'completed',
        termination: 'exited',
        outcome: 'failure',
        exitCode: 2,
        wallTimeMs: 1250,
        outputBytes: 14,
        outputLines: 2,
      },
    });
  });

  it('gives null for text that does not end with the element', () => {
    expect(
      [
        'plain output',
        '<bash-execution command="x" state="completed"/> and more',
        '<bash-execution state="completed"/>',
      ].map(renderDataFromResult),
    ).toEqual([null, null, null]);
  });
});

describe('withResultFacts', () => {
  it('draws a real Bash result whose render data was dropped like the one that kept it, without the element', async () => {
    const command = 'printf "one\\ntwo\\n"; exit 3';
    const outcome = await workspace.call('Bash', { command, description: 'fails' });
    expect(outcome.result).toContain('<bash-execution');
    const renderer = withResultFacts(bashRenderer);
    const kept = renderer(
      'Bash',
      { command },
      outcome.result,
      outcome.renderData as never,
      context,
    );
    const dropped = renderer('Bash', { command }, outcome.result, null, context);
    expect(dropped?.header).toBe(kept?.header);
    expect(dropped?.header).toMatch(
      /^Bash printf .* \(failed, exit 3, \d+\.\ds(, sandbox notice)?\)$/,
    );
    expect(dropped?.status).toBe('error');
    expect(dropped?.body).toContain('one\ntwo');
    expect(dropped?.body).not.toContain('<bash-execution');
  });

  it('leaves a refused call, which has no element, to the renderer as it was', () => {
    const renderer = withResultFacts(bashRenderer);
    const refused = renderer('Bash', { command: 'rm -rf /' }, 'Error: Permission denied', null, {
      ...context,
      status: 'error',
      callStatus: 'denied',
    });
    expect(refused).toMatchObject({ header: 'Bash rm -rf / (denied)', status: 'denied' });
  });

  it('draws a nested Bash row of a script from the result when the audit dropped its render data', async () => {
    const outcome = await workspace.call('ToolCall', {
      expression: '(list (Bash :command "seq 1 3000" :description "count") 1)',
    });
    const tree = buildRenderTree(
      [
        {
          id: outcome.toolUseId,
          tool: 'ToolCall',
          result: outcome.result,
          status: outcome.status,
          renderData: outcome.renderData ?? null,
        },
      ],
      { registry: workspace.toolSet.renderers, expand: 'all' },
    );
    const child = (tree.items[0] as RenderRow).children?.[0] as RenderRow;
    expect(child.header).toMatch(/^Bash seq 1 3000 \(done, \d+\.\ds, output truncated\)$/);
    expect(child.status).toBe('success');
    expect(child.body).toContain('2999\n3000');
    expect(child.body).not.toContain('<bash-execution');
    expect(renderPlain(tree)).toContain('▾ Bash seq 1 3000 (done, ');
  });
});

describe('withExecutionLines', () => {
  it('lists a real live execution as a line, not as its element', async () => {
    const started = await workspace.call('Bash', {
      command: 'sleep 30',
      description: 'wait',
      yield_time_ms: 250,
    });
    const id = (started.renderData as { facts: { executionId: string } }).facts.executionId;
    try {
      const listed = await workspace.call('ListExecutions', {});
      expect(listed.result).toContain('<bash-execution');
      const rendering = withExecutionLines(listExecutionsRenderer)(
        'ListExecutions',
        {},
        listed.result,
        listed.renderData as never,
        context,
      );
      expect(rendering?.header).toBe('ListExecutions (1 live)');
      expect(rendering?.body).toMatch(new RegExp(`^${id} {2}sleep 30 \\(running, \\d+\\.\\ds\\)$`));
    } finally {
      await workspace.call('StopExecution', { execution_id: id });
    }
  });
});
