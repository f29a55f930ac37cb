import { describe, expect, it } from 'vitest';
import { compileMatcher } from './matcher.js';

describe('compileMatcher', () => {
  it('matches all, exact alternatives, or a case-sensitive regexp', () => {
    const all = compileMatcher('*');
    const names = compileMatcher('Read|Grep');
    const pattern = compileMatcher('^mcp__.*');
    expect([
      all('Anything'),
      compileMatcher(undefined)('X'),
      names('Read'),
      names('ReadX'),
      pattern('mcp__github'),
      pattern('MCP__x'),
    ]).toEqual([true, true, true, false, true, false]);
  });

  it('throws a TypeError for an invalid regexp', () => {
    expect(() => compileMatcher('(')).toThrow(TypeError);
  });
});
