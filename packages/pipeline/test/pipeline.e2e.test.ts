import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/pipeline as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/pipeline');
    const cjs = createRequire(import.meta.url)('@toolcall/pipeline');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.PipelineError.isInstance).toBe('function');
    expect(cjs.PipelineError.isInstance(new esm.PipelineError('invalid-arguments', 'x'))).toBe(
      true,
    );
  });
});
