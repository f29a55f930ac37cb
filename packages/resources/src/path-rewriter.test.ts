import { describe, expect, it } from 'vitest';
import { appendToAddress, createPathRewriter } from './path-rewriter.js';

const rewriter = createPathRewriter([
  { backingPath: '/srv/ws/.toolcall/sessions/s1/work', address: 'work://' },
  { backingPath: '/srv/ws/.toolcall/sessions/s1/work/plans', address: 'work://plans' },
  { backingPath: '/srv/ws/.toolcall/journal/', address: 'memory://journal/' },
]);

describe('createPathRewriter', () => {
  it('maps exact backing paths to canonical addresses, longest root first', () => {
    expect(
      [
        '/srv/ws/.toolcall/sessions/s1/work',
        '/srv/ws/.toolcall/sessions/s1/work/a b/ü.md',
        '/srv/ws/.toolcall/sessions/s1/work/plans/p.md',
        '/srv/ws/.toolcall/journal/2024-01-01T00:00.md',
        '/srv/ws/.toolcall/sessions/s1/workshop/x',
        '/srv/ws/.toolcall/sessions/s1/work/../escape',
        '/elsewhere/file',
      ].map(rewriter.toAddress),
    ).toEqual([
      'work://',
      'work://a%20b/%C3%BC.md',
      'work://plans/p.md',
      'memory://journal/2024-01-01T00%3A00.md',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('rewrites every backing path in ripgrep-style output and error text', () => {
    const output = [
      '/srv/ws/.toolcall/sessions/s1/work/src/a.ts:12:const x = 1;',
      '/srv/ws/.toolcall/sessions/s1/work/plans/p.md',
      "ENOENT: no such file or directory, open '/srv/ws/.toolcall/sessions/s1/work/gone.txt'",
      '/srv/ws/.toolcall/sessions/s1/workshop/untouched',
    ].join('\n');
    expect(rewriter.rewrite(output)).toBe(
      [
        'work://src/a.ts:12:const x = 1;',
        'work://plans/p.md',
        "ENOENT: no such file or directory, open 'work://gone.txt'",
        '/srv/ws/.toolcall/sessions/s1/workshop/untouched',
      ].join('\n'),
    );
  });

  it('leaves text alone when there are no roots', () => {
    expect(createPathRewriter([]).rewrite('/a/b')).toBe('/a/b');
  });
});

describe('appendToAddress', () => {
  it('inserts a slash unless the address ends with one and encodes each component', () => {
    expect([
      appendToAddress('work://', ['a b']),
      appendToAddress('work://shared', ['x']),
      appendToAddress('memory://journal/', ['a:b']),
    ]).toEqual(['work://a%20b', 'work://shared/x', 'memory://journal/a%3Ab']);
  });
});
