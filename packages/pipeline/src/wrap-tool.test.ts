import { describe, expect, it } from 'vitest';
import type { JsonObject } from './json.js';
import { createPipeline } from './pipeline.js';
import type { WrappedToolSource } from './tool-types.js';
import { wrapTool } from './wrap-tool.js';

function server(schema: JsonObject): { current: WrappedToolSource } {
  return { current: { inputSchema: schema, call: (args) => `echo ${JSON.stringify(args)}` } };
}

const schema: JsonObject = {
  type: 'object',
  properties: { q: { type: 'string' } },
  required: ['q'],
};

describe('wrapTool', () => {
  it('registers under category/name with the frozen source contract', async () => {
    const live = server(schema);
    const tool = wrapTool({
      category: 'github',
      name: 'search',
      description: 'Search code.',
      source: () => live.current,
    });
    expect([tool.name, tool.category, tool.summary, tool.inputSchema]).toEqual([
      'github/search',
      'github',
      'Search code.',
      schema,
    ]);
    const pipeline = createPipeline({ tools: [tool], mode: 'full-auto' });
    const outcome = await pipeline.runTool({
      name: 'github/search',
      input: { q: 'x' },
      toolUseId: 'a',
    }).outcome;
    expect([outcome.status, outcome.result]).toEqual(['success', 'echo {"q":"x"}']);
  });

  it('resolves a reconnected source with the same contract on every call', async () => {
    const live = server(schema);
    const tool = wrapTool({
      category: 'github',
      name: 'search',
      description: 'Search.',
      source: () => live.current,
    });
    const pipeline = createPipeline({ tools: [tool], mode: 'full-auto' });
    live.current = { inputSchema: { ...schema }, call: () => 'reconnected' };
    const outcome = await pipeline.runTool({
      name: 'github/search',
      input: { q: 'x' },
      toolUseId: 'a',
    }).outcome;
    expect(outcome.result).toBe('reconnected');
  });

  it('fails the call with contract-drift when the source schema changed', async () => {
    const live = server(schema);
    let called = false;
    const tool = wrapTool({
      category: 'github',
      name: 'search',
      description: 'Search.',
      source: () => live.current,
    });
    const pipeline = createPipeline({ tools: [tool], mode: 'full-auto' });
    live.current = {
      inputSchema: { ...schema, required: [] },
      call: () => {
        called = true;
        return 'x';
      },
    };
    const outcome = await pipeline.runTool({
      name: 'github/search',
      input: { q: 'x' },
      toolUseId: 'a',
    }).outcome;
    expect([outcome.status, outcome.error?.code, outcome.result, called]).toEqual([
      'error',
      'contract-drift',
      'Error: The input contract of github/search changed since it was wrapped; re-register the tool before calling it.',
      false,
    ]);
  });

  it('validates wrapped calls with the same ajv path', async () => {
    const live = server(schema);
    const tool = wrapTool({
      category: 'github',
      name: 'search',
      description: 'Search.',
      source: () => live.current,
    });
    const pipeline = createPipeline({ tools: [tool], mode: 'full-auto' });
    const outcome = await pipeline.runTool({
      name: 'github/search',
      input: {},
      toolUseId: 'a',
      origin: 'programmatic',
    }).outcome;
    expect(outcome.result).toBe(
      'github/search input is invalid; the tool was not executed.\n\n- `q`: required string value is missing.\n\nNo tentative repairs were applied.',
    );
  });

  it('rejects unknown definition keys and bad identities', () => {
    const live = server(schema);
    expect(() =>
      wrapTool({ category: 'a/b', name: 'c', description: 'd', source: () => live.current }),
    ).toThrow(TypeError);
    expect(() =>
      wrapTool({
        category: 'a',
        name: 'c',
        description: 'd',
        source: () => live.current,
        args: {},
      } as never),
    ).toThrow(/unknown key `args`/);
  });
});

describe('wrapped source failures', () => {
  it('fails the call when the source cannot be resolved', async () => {
    let available = true;
    const tool = wrapTool({
      category: 'gh',
      name: 'search',
      description: 'Search.',
      source: () => {
        if (!available) throw new Error('disconnected');
        return { inputSchema: { type: 'object' }, call: () => 'x' };
      },
    });
    const pipeline = createPipeline({ tools: [tool], mode: 'full-auto' });
    available = false;
    const outcome = await pipeline.runTool({ name: 'gh/search', input: {}, toolUseId: 'a' })
      .outcome;
    expect([outcome.error?.code, outcome.result]).toEqual([
      'handler-failed',
      'Error: The source of gh/search is unavailable: disconnected',
    ]);
  });
});
