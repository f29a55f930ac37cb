import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { previewOf } from './persistence.js';
import { createPipeline } from './pipeline.js';
import { feedbackOf } from './project.js';

const lines = (count: number) =>
  Array.from({ length: count }, (_, index) => `line ${index}`).join('\n');

function bigTool(result: string, status: 'success' | 'error' = 'success') {
  return defineTool({
    name: 'Big',
    description: 'Big output.',
    readOnly: true,
    maxResultSize: 1_000,
    args: z.object({}),
    handler: () => ({ result, status }),
  });
}

describe('previewOf', () => {
  it('keeps equal budgets snapped to newlines and counts the omitted characters exactly', () => {
    const text = lines(2_000);
    const preview = previewOf(text);
    expect([
      preview.head.endsWith('\n'),
      preview.tail.startsWith('line'),
      preview.head.length <= 1_000,
      preview.tail.length <= 1_000,
      preview.head.length + preview.omitted + preview.tail.length,
      text.startsWith(preview.head) && text.endsWith(preview.tail),
    ]).toEqual([true, true, true, true, text.length, true]);
  });
});

describe('Pipeline.project', () => {
  it('persists an oversized success once and gives exact continuation calls', async () => {
    const text = lines(500);
    const stored: string[] = [];
    const pipeline = createPipeline({
      tools: [bigTool(text)],
      artifacts: {
        put: ({ text: full }) => {
          stored.push(full);
          return { address: 'artifact://Big-1.txt' };
        },
      },
    });
    const outcome = await pipeline.runTool({ name: 'Big', input: {}, toolUseId: 'b' }).outcome;
    const projected = await pipeline.project(outcome);
    const preview = previewOf(text);
    expect(stored).toEqual([text]);
    expect(projected).toEqual({
      toolUseId: 'b',
      isError: false,
      media: [],
      artifact: 'artifact://Big-1.txt',
      delivery: { mode: 'persisted', characters: text.length, artifact: 'artifact://Big-1.txt' },
      text: [
        '<persisted-output>',
        `Output too large (${text.length} chars). Full output saved to: artifact://Big-1.txt`,
        '',
        'Use Read(file_path="artifact://Big-1.txt", offset=1, limit=2000) and continue with the returned offset, or Grep(pattern=PATTERN, path="artifact://Big-1.txt").',
        '',
        'Preview (head and tail):',
        `${preview.head}[... ${preview.omitted} characters omitted ...]`,
        preview.tail,
        '</persisted-output>',
      ].join('\n'),
    });
    expect(outcome.result).toBe(text);
  });

  it('says the text is unavailable without a store', async () => {
    const pipeline = createPipeline({ tools: [bigTool(lines(500))] });
    const projected = await pipeline.project(
      await pipeline.runTool({ name: 'Big', input: {}, toolUseId: 'b' }).outcome,
    );
    expect(projected.text.split('\n').slice(0, 2)).toEqual([
      '<persisted-output>',
      'Output too large (4389 chars). The omitted content is unavailable; rerun the tool with a narrower scope.',
    ]);
    expect([projected.artifact, projected.delivery]).toEqual([
      undefined,
      { mode: 'truncated', characters: 4389, reason: 'no-store' },
    ]);
  });

  it('says the text is unavailable when the store fails, and warns', async () => {
    const warnings: string[] = [];
    const pipeline = createPipeline({
      tools: [bigTool(lines(500))],
      artifacts: { put: () => Promise.reject(new Error('no space left')) },
      onWarning: (message) => warnings.push(message),
    });
    const projected = await pipeline.project(
      await pipeline.runTool({ name: 'Big', input: {}, toolUseId: 'b' }).outcome,
    );
    expect([projected.text.split('\n')[1], projected.delivery, warnings]).toEqual([
      'Output too large (4389 chars). The omitted content is unavailable; rerun the tool with a narrower scope.',
      { mode: 'truncated', characters: 4389, reason: 'store-failed' },
      ['The oversized result could not be stored: no space left'],
    ]);
  });

  it('delivers a result that fits inline and counts it before hook context is appended', async () => {
    const pipeline = createPipeline({
      tools: [bigTool('small')],
      hooks: [{ event: 'PostToolUse', run: () => ({ additional_context: 'Context.' }) }],
    });
    const projected = await pipeline.project(
      await pipeline.runTool({ name: 'Big', input: {}, toolUseId: 'b' }).outcome,
    );
    expect([projected.text, projected.artifact, projected.delivery]).toEqual([
      'small\n\nContext.',
      undefined,
      { mode: 'inline', characters: 5 },
    ]);
  });

  it('truncates an oversized error without persisting it', async () => {
    const stored: string[] = [];
    const pipeline = createPipeline({
      tools: [bigTool(`Error: ${lines(500)}`, 'error')],
      artifacts: {
        put: ({ text }) => {
          stored.push(text);
          return { address: 'artifact://x' };
        },
      },
    });
    const projected = await pipeline.project(
      await pipeline.runTool({ name: 'Big', input: {}, toolUseId: 'b' }).outcome,
    );
    expect([
      stored,
      projected.isError,
      projected.text.includes('characters omitted'),
      projected.text.length < 2_100,
      projected.delivery,
    ]).toEqual([
      [],
      true,
      true,
      true,
      { mode: 'truncated', characters: `Error: ${lines(500)}`.length, reason: 'error' },
    ]);
  });

  it('appends hook context and the repair note, even to errors', async () => {
    const tool = defineTool({
      name: 'T',
      description: 'T.',
      readOnly: true,
      args: z.object({ n: z.number().optional() }),
      handler: () => 'Error: failed anyway',
    });
    const pipeline = createPipeline({
      tools: [tool],
      hooks: [{ event: 'PreToolUse', run: () => ({ additional_context: 'Context from a hook.' }) }],
    });
    const outcome = await pipeline.runTool({ name: 'T', input: { n: null }, toolUseId: 't' })
      .outcome;
    expect((await pipeline.project(outcome)).text).toBe(
      'Error: failed anyway\n\nContext from a hook.\n\nNote: Repaired tool input: Omitted optional null at `n`. Please use the corrected argument shape in later calls.',
    );
  });
});

describe('feedbackOf', () => {
  it('carries nested children’s context and repair notes to the envelope projection', async () => {
    const child = defineTool({
      name: 'Child',
      description: 'Child.',
      readOnly: true,
      args: z.object({ n: z.number().optional() }),
      handler: () => 'child result',
    });
    const envelope = defineTool({
      name: 'Envelope',
      description: 'Envelope.',
      readOnly: true,
      args: z.object({}),
      handler: () => 'envelope result',
    });
    const pipeline = createPipeline({
      tools: [child, envelope],
      hooks: [
        {
          event: 'PostToolUse',
          matcher: 'Child',
          run: () => ({ additional_context: 'child context' }),
        },
      ],
    });
    const nested = await pipeline.runTool({
      name: 'Child',
      input: { n: 1 },
      toolUseId: 'env/1',
      parentId: 'env',
      source: 'ptc',
    }).outcome;
    const outer = await pipeline.runTool({ name: 'Envelope', input: {}, toolUseId: 'env' }).outcome;
    const projected = await pipeline.project(outer, { feedback: feedbackOf(nested) });
    expect(projected.text).toBe('envelope result\n\nchild context');
  });
});
