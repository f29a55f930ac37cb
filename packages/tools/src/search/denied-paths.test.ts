import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ripgrepPath } from '../helpers/ripgrep-path.js';
import { deniedPathsOf, ripgrepGlobOf } from './denied-paths.js';

const FILES = [
  '.env',
  '.env.local',
  'sub/.env',
  'sub/deep/.env',
  'a.txt',
  'ab.txt',
  'a!b.txt',
  'x{a}.txt',
  'sub/[x].txt',
  'sub/y,z.md',
  'secret/in/key.txt',
  'dir.env/inner.txt',
  'docs/a b.md',
  'lit/*.txt',
  'lit/b.txt',
];

let root: string;
let scratch: string;
beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-denied-')));
  scratch = await mkdtemp(path.join(tmpdir(), 'toolcall-denied-cwd-'));
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), 'x\n');
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

/** The files ripgrep lists (so would open) under the exclusions, from a scratch cwd as Grep runs it. */
function ripgrepKeeps(excludes: readonly string[]): string[] {
  let output: string;
  try {
    output = execFileSync(
      ripgrepPath(),
      ['--files', '--hidden', '--no-ignore', '--no-config', ...excludes, '--', root],
      { cwd: scratch, encoding: 'utf8' },
    );
  } catch (error) {
    // Exit code 1: no file left.
    if ((error as { status?: number }).status !== 1) throw error;
    output = '';
  }
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => path.relative(root, line))
    .sort();
}

const EXACT = [
  '**/.env',
  '*.txt',
  'sub/*',
  '**/secret/**',
  '?.txt',
  'x{a}.txt',
  'sub/[x].txt',
  'a!b.txt',
  '**/*.env',
  'sub/**',
  'docs/a b.md',
  'sub/y,z.md',
  'lit/\\*.txt',
  '**',
  '/**/deep/**',
  '/**/a?b.txt',
];

describe('deny globs in ripgrep', () => {
  it('exclude exactly the files the post-filter withholds', () => {
    const cases = [...EXACT.map((glob) => [glob]), [`${'ROOT'}/*.txt`], EXACT.slice(0, 4)];
    for (const written of cases) {
      const globs = Object.freeze(written.map((glob) => glob.replace('ROOT', root)));
      const denied = deniedPathsOf(globs, root)!;
      for (const glob of globs) expect(ripgrepGlobOf(glob), glob).toBeDefined();
      const kept = FILES.filter((file) => !denied.denies(path.join(root, file))).sort();
      expect(ripgrepKeeps(denied.excludes), globs.join(' ')).toEqual(kept);
    }
  });

  it('withhold a folder a glob names with everything in it', () => {
    const denied = deniedPathsOf(Object.freeze(['**/*.env']), root)!;
    expect(denied.denies(path.join(root, 'dir.env/inner.txt'))).toBe(true);
    expect(denied.denies(path.join(root, '.env.local'))).toBe(false);
  });

  it('leave to the post-filter the globs ripgrep reads differently', () => {
    for (const glob of ['**.env', 'a**', 'a/**b', '***', 'sub/', 'a ', '', 'a\nb'])
      expect(ripgrepGlobOf(glob), JSON.stringify(glob)).toBeUndefined();
    const denied = deniedPathsOf(Object.freeze(['**.env']), root)!;
    expect(denied.excludes).toEqual([]);
    expect(denied.denies(path.join(root, 'sub/deep/.env'))).toBe(true);
  });

  it('match a relative glob against the path from the working directory too', () => {
    const denied = deniedPathsOf(Object.freeze(['sub/*']), root)!;
    expect(denied.denies(path.join(root, 'sub/.env'))).toBe(true);
    expect(denied.denies(path.join(root, 'a.txt'))).toBe(false);
    expect(deniedPathsOf(Object.freeze(['sub/*']), '/elsewhere')!.denies(`${root}/sub/.env`)).toBe(
      false,
    );
    expect(deniedPathsOf(Object.freeze([]), root)).toBeUndefined();
  });
});
