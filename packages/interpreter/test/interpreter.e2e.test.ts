import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/interpreter as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/interpreter');
    const cjs = createRequire(import.meta.url)('@toolcall/interpreter');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.InterpreterError.isInstance).toBe('function');
    expect(cjs.InterpreterError.isInstance(new esm.InterpreterError('read-error', 'x'))).toBe(true);
  });
});
