import { describe, expect, it } from 'vitest';
import { bashOutput, packageOf, parseGrepContent, parseGrepCount } from '../src/tasks/parse.js';

describe('parseGrepContent', () => {
  it('reads ripgrep heading layout with match and context lines', () => {
    const text = '/w/a.ts\n3-before\n4:hit: here\n\n/w/b/c.py\n9:other';
    expect(parseGrepContent(text, '/w')).toEqual([
      { file: 'a.ts', line: 3, text: 'before', match: false },
      { file: 'a.ts', line: 4, text: 'hit: here', match: true },
      { file: 'b/c.py', line: 9, text: 'other', match: true },
    ]);
  });

  it('reads no match as no lines', () => {
    expect(parseGrepContent('No matches found', '/w')).toEqual([]);
  });
});

describe('parseGrepCount', () => {
  it('reads PATH:COUNT lines into counts by relative path', () => {
    expect([...parseGrepCount('/w/a:b.ts:3\n/w/c.ts:1\n', '/w')]).toEqual([
      ['a:b.ts', 3],
      ['c.ts', 1],
    ]);
  });
});

describe('bashOutput', () => {
  it('drops the confinement line and the execution element', () => {
    const text =
      'out\n\n[sandbox: bubblewrap; network: none]\n\n<bash-execution command="x" tty="false"/>';
    expect(bashOutput(text)).toBe('out');
  });
});

describe('packageOf', () => {
  it('names packages/NAME or the top folder', () => {
    expect(packageOf('packages/api/src/x.ts')).toBe('packages/api');
    expect(packageOf('python/analytics/x.py')).toBe('python');
  });
});
