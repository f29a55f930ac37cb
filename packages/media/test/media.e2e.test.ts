import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/media as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/media');
    const cjs = createRequire(import.meta.url)('@toolcall/media');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.MediaError.isInstance).toBe('function');
    expect(cjs.MediaError.isInstance(new esm.MediaError('invalid-media', 'x'))).toBe(true);
  });
});
