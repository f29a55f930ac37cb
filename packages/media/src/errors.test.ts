import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.js';

describe('MediaError', () => {
  it('carries its code, message and cause', () => {
    const cause = new Error('underlying');
    const error = new MediaError('invalid-media', 'what went wrong', { cause });
    expect({
      name: error.name,
      code: error.code,
      message: error.message,
      cause: error.cause,
    }).toEqual({
      name: 'MediaError',
      code: 'invalid-media',
      message: 'what went wrong',
      cause,
    });
  });

  it('recognises instances by brand, not by prototype', () => {
    const error = new MediaError('invalid-media', 'x');
    const lookalike = Object.assign(Object.create(null), {
      [Symbol.for('toolcall.error.MediaError')]: true,
    });
    expect([
      MediaError.isInstance(error),
      MediaError.isInstance(lookalike),
      MediaError.isInstance(new Error('x')),
      MediaError.isInstance(null),
    ]).toEqual([true, true, false, false]);
  });
});
