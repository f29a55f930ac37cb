import { describe, expect, it } from 'vitest';
import { PipelineError } from './errors.js';

describe('PipelineError', () => {
  it('carries its code, message and cause', () => {
    const cause = new Error('underlying');
    const error = new PipelineError('invalid-arguments', 'what went wrong', { cause });
    expect({
      name: error.name,
      code: error.code,
      message: error.message,
      cause: error.cause,
    }).toEqual({
      name: 'PipelineError',
      code: 'invalid-arguments',
      message: 'what went wrong',
      cause,
    });
  });

  it('recognises instances by brand, not by prototype', () => {
    const error = new PipelineError('invalid-arguments', 'x');
    const lookalike = Object.assign(Object.create(null), {
      [Symbol.for('toolcall.error.PipelineError')]: true,
    });
    expect([
      PipelineError.isInstance(error),
      PipelineError.isInstance(lookalike),
      PipelineError.isInstance(new Error('x')),
      PipelineError.isInstance(null),
    ]).toEqual([true, true, false, false]);
  });
});
