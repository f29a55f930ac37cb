import { describe, expect, it } from 'vitest';
import { InterpreterError } from './errors.js';

describe('InterpreterError', () => {
  it('carries its code, message and cause', () => {
    const cause = new Error('underlying');
    const error = new InterpreterError('read-error', 'what went wrong', { cause });
    expect({
      name: error.name,
      code: error.code,
      message: error.message,
      cause: error.cause,
    }).toEqual({
      name: 'InterpreterError',
      code: 'read-error',
      message: 'what went wrong',
      cause,
    });
  });

  it('recognises instances by brand, not by prototype', () => {
    const error = new InterpreterError('read-error', 'x');
    const lookalike = Object.assign(Object.create(null), {
      [Symbol.for('toolcall.error.InterpreterError')]: true,
    });
    expect([
      InterpreterError.isInstance(error),
      InterpreterError.isInstance(lookalike),
      InterpreterError.isInstance(new Error('x')),
      InterpreterError.isInstance(null),
    ]).toEqual([true, true, false, false]);
  });
});
