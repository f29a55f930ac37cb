import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { absolutePath } from './read-source.js';

describe('absolutePath', () => {
  it('prefers a prepared path target, then resolves like the file tools', () => {
    const home = process.env.HOME ?? homedir();
    expect([
      absolutePath('a.ts', { cwd: '/w' }, { kind: 'path', path: '/prepared/a.ts', shown: 'a.ts' }),
      absolutePath('a.ts', { cwd: '/w' }, { kind: 'resource' }),
      absolutePath('src/../a.ts', { cwd: '/w' }),
      absolutePath('/abs/a.ts', { cwd: '/w' }),
      absolutePath('~/a.ts', { cwd: '/w' }),
    ]).toEqual(['/prepared/a.ts', '/w/a.ts', '/w/a.ts', '/abs/a.ts', join(home, 'a.ts')]);
  });
});
