import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/exec as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/exec');
    const cjs = createRequire(import.meta.url)('@toolcall/exec');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.ExecError.isInstance).toBe('function');
    expect(cjs.ExecError.isInstance(new esm.ExecError('spawn-failed', 'x'))).toBe(true);
  });
});
