import { PassThrough } from 'node:stream';
import { createPipeline, defineTool, type ToolCallProgress } from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createProgressHub } from './progress.js';
import { startStatusLine, statusLineText } from './status-line.js';

const counts = {
  running: [],
  completed: 0,
  failed: 0,
  denied: 0,
  cancelled: 0,
  queued: 0,
  waiting: 0,
};

describe('statusLineText', () => {
  it('shows done, failed and denied always, cancelled, queued and waiting calls when there are some', () => {
    expect([
      statusLineText({ ...counts, running: ['Bash'] }, '0.2'),
      statusLineText(
        { ...counts, completed: 2, denied: 1, cancelled: 3, queued: 6, waiting: 1 },
        '1.0',
      ),
    ]).toEqual([
      '⟳ Bash · 0 done, 0 failed, 0 denied · 0.2s',
      '⟳ idle · 2 done, 0 failed, 1 denied, 3 cancelled, 6 queued, 1 waiting for approval · 1.0s',
    ]);
  });
});

/** A terminal stderr whose writes are kept. */
function terminal(): { stream: PassThrough & { isTTY: boolean }; text(): string } {
  const stream = Object.assign(new PassThrough(), { isTTY: true });
  let written = '';
  stream.on('data', (chunk) => {
    written += chunk;
  });
  return { stream, text: () => written };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('startStatusLine', () => {
  it('counts a cancelled single call apart from failed and denied ones', async () => {
    const slow = defineTool({
      name: 'Slow',
      description: 'Waits until cancelled.',
      readOnly: true,
      args: z.object({}),
      handler: () => new Promise<string>(() => {}),
    });
    const write = defineTool({
      name: 'Write',
      description: 'Needs approval.',
      args: z.object({}),
      handler: () => 'written',
    });
    const pipeline = createPipeline({ tools: [slow, write] });
    const stderr = terminal();
    const line = startStatusLine(pipeline, { stdout: new PassThrough(), stderr: stderr.stream });
    const run = pipeline.runTool({ name: 'Slow', input: {}, toolUseId: 's' });
    await settle();
    run.cancel();
    await run.outcome;
    await pipeline.runTool({ name: 'Write', input: {}, toolUseId: 'w' }).outcome;
    await settle();
    line.stop();
    expect(stderr.text()).toMatch(/⟳ Slow · 0 done, 0 failed, 0 denied · \d+\.\ds/);
    expect(stderr.text()).toMatch(/⟳ idle · 0 done, 0 failed, 1 denied, 1 cancelled · \d+\.\ds/);
  });

  it("draws a script's cancelled calls from ToolCall's aggregate", () => {
    const hub = createProgressHub();
    const stderr = terminal();
    const line = startStatusLine(
      createPipeline(),
      { stdout: new PassThrough(), stderr: stderr.stream },
      hub,
    );
    const update: ToolCallProgress = {
      envelopeId: 'E',
      active: [],
      completed: 1,
      failed: 0,
      denied: 1,
      cancelled: 2,
      queued: 3,
      waiting: 0,
    };
    hub.publish(update);
    line.stop();
    expect(stderr.text()).toMatch(
      /⟳ idle · 1 done, 0 failed, 1 denied, 2 cancelled, 3 queued · \d+\.\ds/,
    );
  });
});
