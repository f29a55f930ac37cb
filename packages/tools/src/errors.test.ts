import { describe, expect, it } from 'vitest';
import { ToolsError } from './errors.js';

describe('ToolsError', () => {
  it('carries its code, message and cause', () => {
    const cause = new Error('underlying');
    const error = new ToolsError('invalid-tool-set', 'what went wrong', { cause });
    expect({
      name: error.name,
      code: error.code,
      message: error.message,
      cause: error.cause,
    }).toEqual({
      name: 'ToolsError',
      code: 'invalid-tool-set',
      message: 'what went wrong',
      cause,
    });
  });

  it('recognises instances by brand, not by prototype', () => {
    const error = new ToolsError('invalid-tool-set', 'x');
    const lookalike = Object.assign(Object.create(null), {
      [Symbol.for('toolcall.error.ToolsError')]: true,
    });
    expect([
      ToolsError.isInstance(error),
      ToolsError.isInstance(lookalike),
      ToolsError.isInstance(new Error('x')),
      ToolsError.isInstance(null),
    ]).toEqual([true, true, false, false]);
  });
});
