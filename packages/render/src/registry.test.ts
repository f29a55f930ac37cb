import { describe, expect, it } from 'vitest';
import { createRendererRegistry } from './registry.js';
import type { Renderer } from './renderer.js';

const a: Renderer = () => ({ header: 'a' });
const b: Renderer = () => ({ header: 'b' });

describe('createRendererRegistry', () => {
  it('resolves a function renderer for every status', () => {
    const registry = createRendererRegistry({ Read: a });
    expect([registry.resolve('Read', 'success'), registry.resolve('Read', 'error')]).toEqual([
      a,
      a,
    ]);
  });

  it('resolves a status map by exact status, then default, then nothing', () => {
    const registry = createRendererRegistry()
      .register('Grep', { success: a })
      .register('Bash', { error: a, default: b });
    expect([
      registry.resolve('Grep', 'success'),
      registry.resolve('Grep', 'error'),
      registry.resolve('Bash', 'error'),
      registry.resolve('Bash', 'success'),
      registry.resolve('Glob', 'success'),
    ]).toEqual([a, undefined, a, b, undefined]);
  });

  it('replaces and removes renderers', () => {
    const registry = createRendererRegistry({ Read: a });
    registry.register('Read', b);
    expect(registry.resolve('Read', 'success')).toBe(b);
    expect([
      registry.unregister('Read'),
      registry.has('Read'),
      registry.unregister('Read'),
    ]).toEqual([true, false, false]);
  });

  it('throws a TypeError naming the tool when the spec is malformed', () => {
    const registry = createRendererRegistry();
    expect(() => registry.register('Read', { succes: a } as never)).toThrow(
      new TypeError(
        'Renderer map for "Read" takes only success, error and default functions, got succes: function',
      ),
    );
    expect(() => registry.register('Read', 'x' as never)).toThrow(TypeError);
    expect(() => registry.register('', a)).toThrow(TypeError);
  });
});
