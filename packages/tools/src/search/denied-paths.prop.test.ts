import path from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { compileGlob } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { deniedPathsOf } from './denied-paths.js';
import { requiredText, ripgrepGlobOf } from './deny-globs.js';
import { createFileTree, type FileTree } from './testing/file-tree.js';

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

let tree: FileTree;
let root: string;
beforeAll(async () => {
  tree = await createFileTree('toolcall-denied-prop', FILES);
  root = tree.root;
});
afterAll(() => tree.dispose());
const ripgrepKeeps = (excludes: readonly string[]) => tree.ripgrepKeeps(excludes);

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

describe('requiredText', () => {
  // Paths from the glob's own pieces and a few more, so many of them match.
  const piece = fc.constantFrom('a', 'b', '.e', 'ab', '{a}', '[b]', '*', '\\', 'x', '');
  test.prop(
    [
      fc.array(COMPONENT, { minLength: 1, maxLength: 4 }),
      fc.array(fc.array(piece, { maxLength: 3 }), { minLength: 1, maxLength: 4 }),
      fc.constantFrom('', '/', '**/', '/tmp/'),
    ],
    { numRuns: 400 },
  )('is in every path the glob matches', (components, names, prefix) => {
    const glob = `${prefix}${components.join('/')}`;
    const pattern = compileGlob(glob);
    for (const candidate of [...names.map((parts) => parts.join('/')), glob.replace(/\\/g, '')]) {
      if (pattern.test(candidate)) expect(candidate).toContain(requiredText(glob));
    }
  });
});
