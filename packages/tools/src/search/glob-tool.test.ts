import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let workspace: TestWorkspace;
let outside: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
  outside = await createTestWorkspace();
  await outside.write('secret.ts', 'secret');
  await workspace.write('.gitignore', 'ignored.ts\n');
  await workspace.write('ignored.ts', '');
  await workspace.write('.hidden.ts', '');
  await workspace.write('src/a.ts', '');
  await workspace.write('src/lib/B.TS', '');
  await workspace.write('src/lib/c.js', '');
  await workspace.write('Docs/upper.md', '');
  await workspace.write('docs/lower.md', '');
  await workspace.write('.git/x.ts', '');
  await workspace.write('pkg/.hg/y.ts', '');
  await workspace.write('pkg/.jj/z.ts', '');
  for (let index = 0; index < 120; index += 1) await workspace.write(`many/f${index}.md`, '');
  await workspace.write('.toolcall/sessions/s1/work/notes/n.md', '');
  await mkdir(path.join(workspace.root, 'links'));
  await symlink(outside.root, path.join(workspace.root, 'links', 'out'));
  await symlink(path.join(workspace.root, 'src'), path.join(workspace.root, 'links', 'in'));
});
afterAll(async () => {
  await workspace.dispose();
  await outside.dispose();
});

const lines = (result: unknown): string[] => String(result).split('\n').sort();
const at = (relative: string): string => path.join(workspace.root, relative);

describe('Glob', () => {
  it('finds hidden and ignored files at any depth, excluding VCS metadata and not following symlinks', async () => {
    const { status, result } = await workspace.run('Glob', { pattern: '*.ts' });
    expect(status).toBe('success');
    expect(lines(result)).toEqual(
      [at('.hidden.ts'), at('ignored.ts'), at('src/a.ts'), at('src/lib/B.TS')].sort(),
    );
  });

  it('anchors a pattern with a slash at the root and narrows by its literal directories', async () => {
    expect(lines((await workspace.run('Glob', { pattern: 'src/lib/*' })).result)).toEqual([
      at('src/lib/B.TS'),
      at('src/lib/c.js'),
    ]);
    expect(lines((await workspace.run('Glob', { pattern: 'src/*.ts' })).result)).toEqual([
      at('src/a.ts'),
    ]);
    expect(
      lines((await workspace.run('Glob', { pattern: '**/lib/*.js', path: 'src' })).result),
    ).toEqual([at('src/lib/c.js')]);
  });

  it('narrows by literal directories case-insensitively, like the match itself', async () => {
    expect(lines((await workspace.run('Glob', { pattern: 'SRC/**/*.ts' })).result)).toEqual([
      at('src/a.ts'),
      at('src/lib/B.TS'),
    ]);
    expect(lines((await workspace.run('Glob', { pattern: 'Src/LIB/*.js' })).result)).toEqual([
      at('src/lib/c.js'),
    ]);
    // Directories differing only in case are all searched, as an unnarrowed search would.
    const both = [at('Docs/upper.md'), at('docs/lower.md')].sort();
    expect(lines((await workspace.run('Glob', { pattern: 'DOCS/*.md' })).result)).toEqual(both);
    expect(lines((await workspace.run('Glob', { pattern: 'docs/*.md' })).result)).toEqual(both);
    expect(lines((await workspace.run('Glob', { pattern: '**/docs/*.md' })).result)).toEqual(both);
  });

  it('treats a missing qualified directory as an ordinary no-match', async () => {
    expect(await workspace.run('Glob', { pattern: 'absent/**/*.ts' })).toEqual({
      status: 'success',
      result: 'No files found matching pattern',
    });
    expect(await workspace.run('Glob', { pattern: '*.nothing' })).toEqual({
      status: 'success',
      result: 'No files found matching pattern',
    });
  });

  it('caps results at 100 entries with the contracts notice', async () => {
    const { result } = await workspace.run('Glob', { pattern: 'many/*.md' });
    const all = String(result).split('\n');
    expect(all.length).toBe(101);
    expect(all[100]).toBe(
      '... Results truncated (limit: 100). Narrow your search with :path or a more specific :pattern.',
    );
  });

  it('caps the listing at 30 KiB of UTF-8, not 30K characters', async () => {
    // 90 paths of about 400 bytes each (three-byte characters): 36 KB, but under 15K characters.
    const directory = '漢'.repeat(60);
    for (let index = 0; index < 90; index += 1) {
      await workspace.write(`wide/${directory}/${'字'.repeat(60)}${index}.txt`, '');
    }
    const { status, result } = await workspace.run('Glob', { pattern: 'wide/**/*.txt' });
    expect(status).toBe('success');
    const all = String(result).split('\n');
    expect(all.at(-1)).toBe(
      '... Output truncated at 30K byte limit. Narrow your search with :path or a more specific :pattern.',
    );
    expect(all.length).toBeLessThan(90);
    expect(all.slice(0, -1).every((line) => line.startsWith(at(`wide/${directory}/`)))).toBe(true);
    expect(Buffer.byteLength(all.slice(0, -1).join('\n'))).toBeLessThanOrEqual(30 * 1024);
  });

  it.each([
    [{ pattern: '' }, 'Error: Pattern must not be empty'],
    [{ pattern: '/etc/*' }, 'Error: Glob pattern must be relative'],
    [{ pattern: '../*' }, 'Error: Glob pattern must not traverse parent directories'],
    [{ pattern: 'src/../../x' }, 'Error: Glob pattern must not traverse parent directories'],
    [{ pattern: 'links/out/*.ts' }, 'Error: Glob pattern escapes the search root'],
    [{ pattern: '*', path: 'src/a.ts' }, 'Error: Path src/a.ts is not a readable directory'],
    [{ pattern: '*', path: 'absent' }, 'Error: Path absent is not a readable directory'],
  ])('fails for %j', async (input, message) => {
    expect(await workspace.run('Glob', input)).toEqual({ status: 'error', result: message });
  });

  it('follows a symlink inside the root only when the pattern names it', async () => {
    expect(lines((await workspace.run('Glob', { pattern: 'links/in/*.ts' })).result)).toEqual([
      at('src/a.ts'),
    ]);
  });

  it('returns addresses, never backing paths, under a resource root', async () => {
    expect(await workspace.run('Glob', { pattern: '*.md', path: 'work://notes' })).toEqual({
      status: 'success',
      result: 'work://notes/n.md',
    });
    expect(await workspace.run('Glob', { pattern: 'notes/*.md', path: 'work://' })).toEqual({
      status: 'success',
      result: 'work://notes/n.md',
    });
  });
});
