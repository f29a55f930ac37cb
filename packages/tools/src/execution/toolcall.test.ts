import {
  createCatalog,
  createToolCallDriver,
  createToolCallTool,
  type PipelineEvent,
} from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import { createHarness, stable } from './testing/harness.js';

describe('execution tools from a ToolCall script', () => {
  it('runs Bash as a nested call through the same pipeline and returns its envelope', async () => {
    const { pipeline, call } = createHarness();
    const driver = createToolCallDriver({ pipeline });
    const catalog = () =>
      createCatalog({
        tools: pipeline.tools(),
        native: ['Bash', 'WriteStdin', 'Monitor'],
        discoverable: ['execution'],
      });
    pipeline.register(createToolCallTool({ driver, catalog }));
    const started: PipelineEvent[] = [];
    pipeline.subscribe((event) => {
      if (event.type === 'started') started.push(event);
    });
    const direct = await call(
      'ToolCall',
      { expression: '(Bash :command "echo from-script" :description "nested")' },
      'toolu_script',
    );
    const composed = await call('ToolCall', {
      expression: '(list (ListExecutions) (Bash :command "exit 4" :description "fails"))',
    });
    expect([
      direct.status,
      stable(direct.result),
      started.slice(0, 2).map((event) => [event.toolName, event.toolUseId, event.source]),
      composed.status,
      stable(composed.result),
    ]).toEqual([
      'success',
      'from-script\n\n<bash-execution command="echo from-script" state="completed" termination="exited" exit_code="0" outcome="success" wall_time_seconds="T" output_bytes="12" output_lines="1" tty="false"/>',
      [
        ['ToolCall', 'toolu_script', 'direct'],
        ['Bash', 'toolu_script/1', 'ptc'],
      ],
      'success',
      // A failed nested call is the guest value (:error "message"), which the script returned.
      '("No yielded executions." (:error "<bash-execution command=\\"exit 4\\" state=\\"completed\\" termination=\\"exited\\" exit_code=\\"4\\" outcome=\\"failure\\" wall_time_seconds=\\"T\\" output_bytes=\\"0\\" output_lines=\\"0\\" tty=\\"false\\"/>"))',
    ]);
  });
});
