import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/tools as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/tools');
    const cjs = createRequire(import.meta.url)('@toolcall/tools');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.ToolsError.isInstance).toBe('function');
    expect(cjs.ToolsError.isInstance(new esm.ToolsError('invalid-tool-set', 'x'))).toBe(true);
  });
});
