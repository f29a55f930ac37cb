import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalog } from './catalog/catalog.js';
import { defineTool } from './define-tool.js';
import { createPipeline } from './pipeline.js';
import type { EventMailbox, ProjectedCall } from './ports.js';
import { createToolCallDriver } from './ptc/driver.js';
import { createToolCallTool, projectToolCall } from './ptc/tool-call-tool.js';

const echo = defineTool({
  name: 'Echo',
  description: 'Echoes its text.',
  readOnly: true,
  args: z.object({ text: z.string() }),
  handler: ({ text }) => text,
});

// A mailbox that holds one message per take, counting who asked.
function recordingMailbox(): EventMailbox & { calls: ProjectedCall[] } {
  const calls: ProjectedCall[] = [];
  return {
    calls,
    take(call) {
      calls.push(call);
      return `<MAIL n="${calls.length}"/>`;
    },
  };
}

describe('Pipeline.project with a mailbox', () => {
  it('appends the conversation’s mail to a top-level result after the hook context', async () => {
    const mailbox = recordingMailbox();
    const pipeline = createPipeline({
      tools: [echo],
      mailbox,
      hooks: [
        {
          event: 'PostToolUse',
          matcher: 'Echo',
          run: () => ({ additional_context: 'hook says hi' }),
        },
      ],
    });
    const outcome = await pipeline.runTool({ name: 'Echo', input: { text: 'x' }, toolUseId: 'a' })
      .outcome;
    const projected = await pipeline.project(outcome);
    expect([projected.text, projected.delivery, mailbox.calls]).toEqual([
      'x\n\nhook says hi\n\n<MAIL n="1"/>',
      { mode: 'inline', characters: 1 },
      [{ toolName: 'Echo', toolUseId: 'a', source: 'direct' }],
    ]);
  });

  it('leaves a nested call’s result alone and delivers once on its ToolCall envelope', async () => {
    const mailbox = recordingMailbox();
    const pipeline = createPipeline({ tools: [echo], mailbox });
    const driver = createToolCallDriver({ pipeline });
    const catalog = () =>
      createCatalog({ tools: pipeline.tools(), native: pipeline.tools().map((tool) => tool.name) });
    pipeline.register(createToolCallTool({ driver, catalog }));
    const nested: string[] = [];
    pipeline.subscribe((event) => {
      if (event.type === 'settled' && event.outcome.parentId !== undefined) {
        nested.push(String(event.outcome.result));
      }
    });
    const outcome = await pipeline.runTool({
      name: 'ToolCall',
      input: { expression: '(concat (Echo :text "a") (Echo :text "b"))' },
      toolUseId: 'E',
    }).outcome;
    const nestedOutcome = await pipeline.runTool({
      name: 'Echo',
      input: { text: 'c' },
      toolUseId: 'E/9',
      parentId: 'E',
      source: 'ptc',
    }).outcome;
    const projectedNested = await pipeline.project(nestedOutcome);
    const projected = await projectToolCall(pipeline, outcome);
    expect([nested, outcome.result, projectedNested.text, projected.text, mailbox.calls]).toEqual([
      ['a', 'b', 'c'],
      'ab',
      'c',
      'ab\n\n<MAIL n="1"/>',
      [{ toolName: 'ToolCall', toolUseId: 'E', source: 'direct' }],
    ]);
  });

  it('adds nothing when the mailbox has nothing waiting', async () => {
    const pipeline = createPipeline({ tools: [echo], mailbox: { take: () => undefined } });
    const outcome = await pipeline.runTool({ name: 'Echo', input: { text: 'x' }, toolUseId: 'a' })
      .outcome;
    expect((await pipeline.project(outcome)).text).toBe('x');
  });

  it('rejects a mailbox without take()', () => {
    expect(() => createPipeline({ mailbox: {} as EventMailbox })).toThrow(
      'createPipeline: mailbox must be an object with a take() method',
    );
  });
});
