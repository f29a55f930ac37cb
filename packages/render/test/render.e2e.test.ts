import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/render as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/render');
    const cjs = createRequire(import.meta.url)('@toolcall/render');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.RenderError.isInstance).toBe('function');
    expect(cjs.RenderError.isInstance(new esm.RenderError('invalid-rendering', 'x'))).toBe(true);
  });
});
