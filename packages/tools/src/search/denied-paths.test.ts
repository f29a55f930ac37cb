import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deniedPathsOf } from './denied-paths.js';
import { requiredText, ripgrepGlobOf } from './deny-globs.js';
import { createFileTree, type FileTree } from './testing/file-tree.js';

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

let tree: FileTree;
let root: string;
beforeAll(async () => {
  tree = await createFileTree('toolcall-denied', FILES);
  root = tree.root;
});
afterAll(() => tree.dispose());
const ripgrepKeeps = (excludes: readonly string[]) => tree.ripgrepKeeps(excludes);

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

  it('name the first glob that withholds a file, asked once or again, by any of its names', () => {
    const globs = Object.freeze(['**/deep/**', '**/.env', 'sub/**']);
    const denied = deniedPathsOf(globs, root)!;
    // Each file is asked twice and the files share directories: the answers must not change.
    for (let round = 0; round < 2; round++) {
      expect(denied.globFor(path.join(root, 'sub/deep/.env'))).toBe('**/deep/**');
      expect(denied.globFor(path.join(root, 'sub/.env'))).toBe('**/.env');
      expect(denied.globFor(path.join(root, 'sub/y,z.md'))).toBe('sub/**');
      expect(denied.globFor(path.join(root, 'a.txt'), 'shown/x')).toBeUndefined();
      expect(denied.globFor(path.join(root, 'a.txt'), 'sub/x')).toBe('sub/**');
      expect(denied.globFor(path.join(root, 'a.txt'))).toBeUndefined();
    }
  });

  it('rule paths out by the longest literal text of a glob', () => {
    const cases: [string, string][] = [
      ['**/.env', '.env'],
      ['**/secret/**', 'secret/'],
      ['sub/*.txt', 'sub/'],
      ['lit/\\*.txt', 'lit/*.txt'],
      ['/**/a?b.txt', 'b.txt'],
      ['**', ''],
    ];
    for (const [glob, text] of cases) expect(requiredText(glob), glob).toBe(text);
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

  it('weigh the directories above the working directory only for the search root', () => {
    // `*/*` matches `/tmp` (an empty first component), which holds every file of the tree:
    // files are judged from the working directory down, as ripgrep prunes them.
    const denied = deniedPathsOf(Object.freeze(['*/*']), root)!;
    const kept = FILES.filter((file) => !denied.denies(path.join(root, file))).sort();
    expect(kept).toEqual(FILES.filter((file) => !file.includes('/')).sort());
    expect(ripgrepKeeps(denied.excludes)).toEqual(kept);
    // A search rooted here is still refused when a glob names a directory above it.
    const above = deniedPathsOf(Object.freeze([path.dirname(root)]), root)!;
    expect(above.rootRule([root], (name) => name)).toBe(path.dirname(root));
  });
});
