import { describe, expect, it } from 'vitest';
import {
  normalizePathGlob,
  pathBaseOf,
  pathFormsOf,
  relativeInside,
  resolveLexically,
} from './canonical-path.js';

const base = { workingDirectory: '/ws', homeDirectory: '/home/u' };

describe('resolveLexically', () => {
  it('drops `.`, empty segments and `..` with its parent, keeping `..` at the root', () => {
    expect(
      [
        'src/../.env',
        './.env',
        'sub/./.env',
        'sub//.env',
        '../ws/.env',
        '/ws/.env',
        '//ws//sub/../.env',
        '../../../etc/passwd',
        '.',
        'src/',
        'a\\..\\.env',
      ].map((path) => resolveLexically('/ws', path)),
    ).toEqual([
      '/ws/.env',
      '/ws/.env',
      '/ws/sub/.env',
      '/ws/sub/.env',
      '/ws/.env',
      '/ws/.env',
      '/ws/.env',
      '/etc/passwd',
      '/ws',
      '/ws/src',
      '/ws/a\\..\\.env',
    ]);
  });
});

describe('relativeInside', () => {
  it('answers `.` for the directory, a relative path below it, and nothing outside', () => {
    expect([
      relativeInside('/ws', '/ws'),
      relativeInside('/ws', '/ws/a/b'),
      relativeInside('/ws', '/ws2/a'),
      relativeInside('/ws', '/'),
      relativeInside('/', '/etc/passwd'),
    ]).toEqual(['.', 'a/b', undefined, undefined, 'etc/passwd']);
  });
});

describe('pathFormsOf', () => {
  it('gives a plain relative path its absolute and relative forms', () => {
    expect(pathFormsOf(base, 'src/a.ts')).toEqual({
      deny: ['src/a.ts', '/ws/src/a.ts'],
      judge: ['src/a.ts', '/ws/src/a.ts'],
      canonical: 'src/a.ts',
    });
  });

  it('judges a traversal by where it lands, and lets deny rules see the spelling too', () => {
    expect(pathFormsOf(base, 'src/../.env')).toEqual({
      deny: ['src/../.env', '.env', '/ws/.env'],
      judge: ['.env', '/ws/.env'],
      canonical: '.env',
    });
  });

  it('has only an absolute form outside the working directory', () => {
    expect(pathFormsOf(base, '../other/x')).toEqual({
      deny: ['../other/x', '/other/x'],
      judge: ['/other/x'],
      canonical: '/other/x',
    });
  });

  it('reads `~/…` from the home directory and, for deny rules, as a directory named `~`', () => {
    expect(pathFormsOf(base, '~/.ssh/id')).toEqual({
      deny: ['~/.ssh/id', '/home/u/.ssh/id', '~/.ssh/id', '/ws/~/.ssh/id'],
      judge: ['/home/u/.ssh/id'],
      canonical: '/home/u/.ssh/id',
    });
    expect(pathFormsOf(base, '~//etc/passwd').judge).toEqual(['/home/u/etc/passwd']);
  });

  it('keeps resource addresses as written; deny rules read an unknown scheme as a path too', () => {
    expect(pathFormsOf(base, 'artifact://abc/../x')).toEqual({
      deny: ['artifact://abc/../x'],
      judge: ['artifact://abc/../x'],
      canonical: 'artifact://abc/../x',
    });
    expect(pathFormsOf(base, 'x://../.env')).toEqual({
      deny: ['x://../.env', '.env', '/ws/.env'],
      judge: ['x://../.env'],
      canonical: 'x://../.env',
    });
  });
});

describe('normalizePathGlob', () => {
  it('drops `.` segments and repeated or trailing slashes, keeping `..` and addresses', () => {
    expect(
      ['./src/**', '/ws//./a/', '.', './', '**/.env', 'a/../b', 'work://**', '*.ts'].map(
        normalizePathGlob,
      ),
    ).toEqual(['src/**', '/ws/a', '.', '.', '**/.env', 'a/../b', 'work://**', '*.ts']);
  });
});

describe('pathBaseOf', () => {
  it('normalizes the working directory and defaults it to process.cwd()', () => {
    expect(pathBaseOf('/ws//a/./b/..').workingDirectory).toBe('/ws/a');
    expect(pathBaseOf(undefined).workingDirectory).toBe(resolveLexically('/', process.cwd()));
  });

  it('throws a TypeError naming the option for a relative or non-string directory', () => {
    expect(() => pathBaseOf('ws')).toThrow(
      new TypeError(
        'createPipeline: workingDirectory must be an absolute POSIX path (starting with /), received "ws"',
      ),
    );
    expect(() => pathBaseOf(5)).toThrow(
      'createPipeline: workingDirectory must be an absolute POSIX path (starting with /), received number',
    );
    expect(() => pathBaseOf('C:\\work')).toThrow(TypeError);
  });
});
