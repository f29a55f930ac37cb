import { describe, expect, it } from 'vitest';
import { RenderError } from './errors.js';

describe('RenderError', () => {
  it('carries its code, message and cause', () => {
    const cause = new Error('underlying');
    const error = new RenderError('invalid-rendering', 'what went wrong', { cause });
    expect({
      name: error.name,
      code: error.code,
      message: error.message,
      cause: error.cause,
    }).toEqual({
      name: 'RenderError',
      code: 'invalid-rendering',
      message: 'what went wrong',
      cause,
    });
  });

  it('recognises instances by brand, not by prototype', () => {
    const error = new RenderError('invalid-rendering', 'x');
    const lookalike = Object.assign(Object.create(null), {
      [Symbol.for('toolcall.error.RenderError')]: true,
    });
    expect([
      RenderError.isInstance(error),
      RenderError.isInstance(lookalike),
      RenderError.isInstance(new Error('x')),
      RenderError.isInstance(null),
    ]).toEqual([true, true, false, false]);
  });
});
