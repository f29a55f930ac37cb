import { describe, expect, it } from 'vitest';
import type { JsonObject } from './json.js';
import { createPipeline } from './pipeline.js';
import { wrapTool } from './wrap-tool.js';

function toolWith(schema: JsonObject) {
  return wrapTool({
    category: 'mcp',
    name: 'broken',
    description: 'A tool whose schema ajv cannot compile.',
    source: () => ({ inputSchema: schema, call: () => 'ok' }),
  });
}

const broken = toolWith({ type: 'object', properties: { q: { type: 'no-such-type' } } });
const fine = toolWith({ type: 'object', properties: { q: { type: 'string' } } });

describe('createPipeline validator compilation', () => {
  it('registers a tool without compiling its schema', () => {
    const pipeline = createPipeline({ tools: [broken], mode: 'full-auto' });
    expect(pipeline.tools()).toEqual([broken]);
  });

  it('settles the first call as an error naming the tool when its schema cannot compile', async () => {
    const pipeline = createPipeline({ tools: [broken], mode: 'full-auto' });
    const outcome = await pipeline.runTool({ name: 'mcp/broken', input: {}, toolUseId: 'a' })
      .outcome;
    expect([outcome.status, outcome.error?.code]).toEqual(['error', 'handler-failed']);
    expect(outcome.error?.message).toMatch(
      /^The pipeline failed: tool mcp\/broken: cannot compile input schema: /,
    );
  });

  it('denies decideNow when the schema cannot compile', () => {
    const pipeline = createPipeline({ tools: [broken], mode: 'full-auto' });
    expect(pipeline.decideNow({ name: 'mcp/broken', input: {} })).toEqual({
      decision: 'deny',
      reason: 'the input schema cannot be compiled',
    });
  });

  it('throws from precompile() naming the tool whose schema cannot compile', () => {
    const pipeline = createPipeline({ tools: [broken], mode: 'full-auto' });
    expect(() => pipeline.precompile()).toThrow(/^tool mcp\/broken: cannot compile input schema: /);
  });

  it('rejects in precompile() a schema only the meta-schema check catches', async () => {
    const lax = toolWith({ type: 'object', properties: { q: { type: 'string', minLength: -1 } } });
    const pipeline = createPipeline({ tools: [lax], mode: 'full-auto' });
    const outcome = await pipeline.runTool({ name: 'mcp/broken', input: { q: '' }, toolUseId: 'a' })
      .outcome;
    expect([outcome.status, outcome.result]).toEqual(['success', 'ok']);
    expect(() => pipeline.precompile()).toThrow(
      'tool mcp/broken: cannot compile input schema: data/properties/q/minLength must be >= 0',
    );
  });

  it('returns from precompile() when every schema compiles', () => {
    const pipeline = createPipeline({ tools: [fine], mode: 'full-auto' });
    expect(pipeline.precompile()).toBeUndefined();
  });

  it('throws at registration when the precompile option is set', () => {
    expect(() => createPipeline({ tools: [broken], precompile: true })).toThrow(TypeError);
    const pipeline = createPipeline({ precompile: true });
    expect(() => pipeline.register(broken)).toThrow(/tool mcp\/broken: cannot compile/);
  });

  it('throws a TypeError when precompile is not a boolean', () => {
    expect(() => createPipeline({ precompile: 'yes' as unknown as boolean })).toThrow(
      'createPipeline: precompile must be a boolean, received string',
    );
  });
});
