import { describe, expect, it } from 'vitest';
import { ResourceError } from './errors.js';

describe('ResourceError', () => {
  it('carries its code, message and cause', () => {
    const cause = new Error('underlying');
    const error = new ResourceError('invalid-address', 'what went wrong', { cause });
    expect({
      name: error.name,
      code: error.code,
      message: error.message,
      cause: error.cause,
    }).toEqual({
      name: 'ResourceError',
      code: 'invalid-address',
      message: 'what went wrong',
      cause,
    });
  });

  it('recognises instances by brand, not by prototype', () => {
    const error = new ResourceError('invalid-address', 'x');
    const lookalike = Object.assign(Object.create(null), {
      [Symbol.for('toolcall.error.ResourceError')]: true,
    });
    expect([
      ResourceError.isInstance(error),
      ResourceError.isInstance(lookalike),
      ResourceError.isInstance(new Error('x')),
      ResourceError.isInstance(null),
    ]).toEqual([true, true, false, false]);
  });
});
