import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/resources as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/resources');
    const cjs = createRequire(import.meta.url)('@toolcall/resources');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.ResourceError.isInstance).toBe('function');
    expect(cjs.ResourceError.isInstance(new esm.ResourceError('invalid-address', 'x'))).toBe(true);
  });
});
