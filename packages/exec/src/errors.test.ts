import { describe, expect, it } from 'vitest';
import { ExecError } from './errors.js';

describe('ExecError', () => {
  it('carries its code, message and cause', () => {
    const cause = new Error('underlying');
    const error = new ExecError('spawn-failed', 'what went wrong', { cause });
    expect({
      name: error.name,
      code: error.code,
      message: error.message,
      cause: error.cause,
    }).toEqual({
      name: 'ExecError',
      code: 'spawn-failed',
      message: 'what went wrong',
      cause,
    });
  });

  it('recognises instances by brand, not by prototype', () => {
    const error = new ExecError('spawn-failed', 'x');
    const lookalike = Object.assign(Object.create(null), {
      [Symbol.for('toolcall.error.ExecError')]: true,
    });
    expect([
      ExecError.isInstance(error),
      ExecError.isInstance(lookalike),
      ExecError.isInstance(new Error('x')),
      ExecError.isInstance(null),
    ]).toEqual([true, true, false, false]);
  });
});
