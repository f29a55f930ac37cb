import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ripgrepPath } from '../helpers/ripgrep-path.js';
import { deniedPathsOf, ripgrepGlobOf } from './denied-paths.js';

// Names built from the same pieces as the globs, so globs match some files and miss others.
const FILES = [
  'b',
  '.e',
  '{a}',
  '[b]',
  '!a',
  'a,b',
  '*',
  'a/b',
  'a/.e',
  'a/{a}',
  'a/ab/b',
  'a/ab/.e',
  'ab/a/.e',
  'ab/[b]/!a',
  'ab/b',
];
const COMPONENT = fc.constantFrom(
  'a',
  'b',
  '.e',
  '*',
  '?',
  '**',
  'a*',
  '*b',
  '?b',
  '{a}',
  '[b]',
  '!a',
  'a,b',
  '\\*',
);

let root: string;
let scratch: string;
beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-denied-prop-')));
  scratch = await mkdtemp(path.join(tmpdir(), 'toolcall-denied-prop-cwd-'));
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), 'x\n');
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

function ripgrepKeeps(excludes: readonly string[]): string[] {
  try {
    return execFileSync(
      ripgrepPath(),
      ['--files', '--hidden', '--no-ignore', '--no-config', ...excludes, '--', root],
      { cwd: scratch, encoding: 'utf8' },
    )
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => path.relative(root, line))
      .sort();
  } catch (error) {
    if ((error as { status?: number }).status !== 1) throw error;
    return [];
  }
}

describe('deny glob translation', () => {
  test.prop(
    [
      fc.array(COMPONENT, { minLength: 1, maxLength: 3 }),
      fc.constantFrom('relative', 'absolute', 'any-depth'),
    ],
    { numRuns: 150 },
  )('ripgrep excludes exactly what the post-filter withholds', (components, anchor) => {
    const relative = components.join('/');
    const glob =
      anchor === 'absolute'
        ? `${root}/${relative}`
        : anchor === 'any-depth'
          ? `**/${relative}`
          : relative;
    const globs = Object.freeze([glob]);
    const denied = deniedPathsOf(globs, root)!;
    const kept = FILES.filter((file) => !denied.denies(path.join(root, file))).sort();
    if (ripgrepGlobOf(glob) === undefined) {
      expect(denied.excludes).toEqual([]);
      return;
    }
    expect(ripgrepKeeps(denied.excludes)).toEqual(kept);
  });
});
