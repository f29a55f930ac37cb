import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/catalog.js';
import type { PipelineEvent, TelemetryRecord } from '../events.js';
import { createPipeline, type PipelineOptions } from '../pipeline.js';
import type { ToolCallCheckpoint } from '../ptc/checkpoint.js';
import { createToolCallDriver } from '../ptc/driver.js';
import { createToolCallTool } from '../ptc/tool-call-tool.js';
import { segment } from '../testing/segments.js';
import { bashTool, readTool, shellTool, writeTool } from '../testing/tools.js';

function pipelineWith(options: PipelineOptions) {
  const events: PipelineEvent[] = [];
  const telemetry: TelemetryRecord[] = [];
  const pipeline = createPipeline({
    tools: [bashTool, shellTool, readTool, writeTool],
    telemetry: (record) => telemetry.push(record),
    ...options,
  });
  pipeline.subscribe((event) => events.push(event));
  const run = (name: string, input: Record<string, unknown>, toolUseId = 'c') =>
    pipeline.runTool({ name, input, toolUseId }).outcome;
  return { pipeline, run, events, telemetry };
}

const bash = (command: string) => ({ command, description: 'd' });

describe('permission provenance', () => {
  it('records a rule decision, shared between calls, in the outcome, the event and telemetry', async () => {
    const { run, events, telemetry } = pipelineWith({
      rules: [{ tool: 'Bash', pattern: 'git *', action: 'allow' }],
    });
    const first = await run('Bash', bash('git log'), 'c1');
    const second = await run('Bash', bash('git status'), 'c2');
    const rule = 'allow rule for Bash pattern git *';
    expect(first.permission).toEqual({ decision: 'allow', source: 'rule', reason: rule, rule });
    expect(second.permission).toBe(first.permission);
    expect(Object.isFrozen(first.permission)).toBe(true);
    const approved = events.find((event) => event.type === 'permission-approved');
    expect(approved?.type === 'permission-approved' && approved.permission).toEqual(
      first.permission,
    );
    expect(telemetry.map((record) => record.permission)).toEqual([
      { decision: 'allow', source: 'rule', rule },
      { decision: 'allow', source: 'rule', rule },
    ]);
  });

  it('records the mode, a deny with its deciding segment, and a scope question', async () => {
    const { run, telemetry } = pipelineWith({
      mode: 'full-auto',
      rules: [{ tool: 'Bash', pattern: 'rm*', action: 'deny' }],
    });
    const mode = await run('Read', { file_path: 'a' });
    const denied = await run('Shell', {
      command: 'true && rm x',
      segments: [segment('true'), segment('rm x')],
    });
    expect([mode.permission, denied.permission]).toEqual([
      { decision: 'allow', source: 'mode', reason: 'full-auto mode' },
      {
        decision: 'deny',
        source: 'rule',
        reason: 'deny rule for Bash pattern rm* (segment `rm x`)',
        rule: 'deny rule for Bash pattern rm*',
        segment: 'rm x',
      },
    ]);
    // Telemetry never carries the reason or the segment: they quote the arguments.
    expect(telemetry[1]?.permission).toEqual({
      decision: 'deny',
      source: 'rule',
      rule: 'deny rule for Bash pattern rm*',
    });
  });

  it('records who answered a question: the user, a reviewer, a hook, or no one', async () => {
    const answers = [
      'allow-always',
      { outcome: 'allow-once', source: 'reviewer-bot', reason: 'looks safe' },
      'deny-session',
    ] as const;
    let next = 0;
    const { run } = pipelineWith({ asker: () => answers[next++]! });
    const always = await run('Bash', bash('make'), 'u1');
    const reviewed = await run('Bash', bash('make test'), 'u2');
    const declined = await run('Bash', bash('make clean'), 'u3');
    expect([always.permission, reviewed.permission, declined.permission]).toEqual([
      {
        decision: 'allow',
        source: 'user',
        reason: 'approved always',
        answer: 'allow-always',
        asked: 'ask mode',
      },
      {
        decision: 'allow',
        source: 'reviewer',
        reason: 'looks safe',
        answer: 'allow-once',
        reviewer: 'reviewer-bot',
        asked: 'ask mode',
      },
      {
        decision: 'deny',
        source: 'user',
        reason: 'the user declined',
        answer: 'deny-session',
        asked: 'ask mode',
      },
    ]);
    const hooked = pipelineWith({
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Bash',
          run: (input) =>
            (input.tool_input as { command: string }).command === 'ok'
              ? { permission_decision: 'allow', permission_reason: 'hook knows ok' }
              : { permission_decision: 'deny', permission_reason: 'hook refuses' },
        },
      ],
    });
    const nobody = pipelineWith({});
    expect([
      (await hooked.run('Bash', bash('ok'))).permission,
      (await hooked.run('Bash', bash('no'))).permission,
      (await nobody.run('Bash', bash('make'))).permission,
    ]).toEqual([
      { decision: 'allow', source: 'hook', reason: 'hook knows ok', asked: 'ask mode' },
      { decision: 'deny', source: 'hook', reason: 'hook refuses' },
      {
        decision: 'deny',
        source: 'mode',
        reason: 'approval is required and no one can be asked',
        asked: 'ask mode',
      },
    ]);
  });

  it("puts each nested call's permission on its audit row beside the child id", async () => {
    const written: ToolCallCheckpoint[] = [];
    const pipeline = createPipeline({
      tools: [readTool, bashTool],
      rules: [{ tool: 'Bash', action: 'deny' }],
    });
    const driver = createToolCallDriver({
      pipeline,
      checkpoints: {
        write: (checkpoint) => {
          written.push(structuredClone(checkpoint));
        },
        list: () => [],
        remove: () => undefined,
      },
    });
    const catalog = () =>
      createCatalog({ tools: pipeline.tools(), native: pipeline.tools().map((tool) => tool.name) });
    pipeline.register(createToolCallTool({ driver, catalog }));
    await pipeline.runTool({
      name: 'ToolCall',
      input: { expression: '(list (Read :file_path "a") (Bash :command "ls" :description "d"))' },
      toolUseId: 'E9',
    }).outcome;
    const rows = written.at(-1)?.children.map((row) => [row.id, row.status, row.permission]);
    expect(rows).toEqual([
      ['E9/1', 'success', { decision: 'allow', source: 'mode', reason: 'read-only tool' }],
      [
        'E9/2',
        'denied',
        {
          decision: 'deny',
          source: 'rule',
          reason: 'deny rule for Bash',
          rule: 'deny rule for Bash',
        },
      ],
    ]);
  });
});
