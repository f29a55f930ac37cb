import { symlink } from 'node:fs/promises';
import path from 'node:path';
import type { PermissionRule } from '@toolcall/pipeline';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

const opened: TestWorkspace[] = [];
afterAll(() => Promise.all(opened.map((workspace) => workspace.dispose())));

/** A workspace holding secrets in `.env` files and a `secret` folder, under `rules`. */
async function workspaceWith(rules: PermissionRule[]): Promise<TestWorkspace> {
  const workspace = await createTestWorkspace({ permissions: { mode: 'full-auto', rules } });
  opened.push(workspace);
  await workspace.write('.env', 'TOKEN=supersecret\n');
  await workspace.write('sub/.env', 'NESTED=supersecret\n');
  await workspace.write('secret/key.txt', 'supersecret key\n');
  await workspace.write('notes.md', 'where is supersecret kept?\n');
  await workspace.write('sub/readme.md', 'supersecret is not here\n');
  return workspace;
}

const READ_ENV: PermissionRule = { tool: 'Read', path: '**/.env', action: 'deny' };
const GREP_SECRET: PermissionRule = { tool: 'Grep', path: '**/secret/**', action: 'deny' };

const lines = (result: unknown): string[] => String(result).split('\n').sort();

describe('Grep and Glob under deny rules', () => {
  it('never shows a denied file in any Grep mode or Glob listing', async () => {
    const workspace = await workspaceWith([READ_ENV, GREP_SECRET]);
    const at = (relative: string) => path.join(workspace.root, relative);
    expect(lines((await workspace.run('Grep', { pattern: 'supersecret' })).result)).toEqual(
      [at('notes.md'), at('sub/readme.md')].sort(),
    );
    expect(
      lines((await workspace.run('Grep', { pattern: 'supersecret', output_mode: 'count' })).result),
    ).toEqual([`${at('notes.md')}:1`, `${at('sub/readme.md')}:1`]);
    const content = await workspace.run('Grep', {
      pattern: 'supersecret',
      output_mode: 'content',
    });
    expect(content.status).toBe('success');
    expect(String(content.result)).not.toMatch(/\.env|TOKEN|NESTED|key/);
    expect(lines(content.result)).toEqual(
      [
        at('notes.md'),
        '1:where is supersecret kept?',
        '',
        at('sub/readme.md'),
        '1:supersecret is not here',
      ].sort(),
    );
    // The Read rule covers Glob; the Grep rule does not.
    expect(lines((await workspace.run('Glob', { pattern: '**/*' })).result)).toEqual(
      [at('notes.md'), at('secret/key.txt'), at('sub/readme.md')].sort(),
    );
    expect(await workspace.run('Glob', { pattern: '.env' })).toEqual({
      status: 'success',
      result: 'No files found matching pattern',
    });
  });

  it('refuses a search rooted at a denied file or folder, naming the rule', async () => {
    const workspace = await workspaceWith([READ_ENV, GREP_SECRET]);
    expect(await workspace.run('Grep', { pattern: 'TOKEN', path: 'sub/.env' })).toEqual({
      status: 'error',
      result: 'Error: Permission denied: sub/.env is withheld by the deny rule **/.env',
    });
    await symlink(path.join(workspace.root, 'sub/.env'), path.join(workspace.root, 'env-link'));
    expect(await workspace.run('Grep', { pattern: 'NESTED', path: 'env-link' })).toEqual({
      status: 'error',
      result: 'Error: Permission denied: env-link is withheld by the deny rule **/.env',
    });
    // The policy already refuses a path argument its rule matches.
    expect(await workspace.run('Grep', { pattern: 'key', path: 'secret/key.txt' })).toEqual({
      status: 'error',
      result: 'Error: Permission denied: deny rule for Grep path **/secret/**.',
    });

    // A folder the glob names only through its files is searched, and yields nothing.
    expect(await workspace.run('Grep', { pattern: 'key', path: 'secret' })).toEqual({
      status: 'success',
      result: 'No matches found',
    });
    expect(await workspace.run('Grep', { pattern: 'supersecret', glob: 'secret/*.txt' })).toEqual({
      status: 'success',
      result: 'No matches found',
    });
  });

  it('withholds everything in a folder the rule names, as .gitignore does', async () => {
    const workspace = await workspaceWith([{ tool: 'Read', path: '**/secret', action: 'deny' }]);
    const at = (relative: string) => path.join(workspace.root, relative);
    expect(await workspace.run('Glob', { pattern: '*', path: 'secret' })).toEqual({
      status: 'error',
      result: 'Error: Permission denied: secret is withheld by the deny rule **/secret',
    });
    expect(await workspace.run('Grep', { pattern: 'key', path: at('secret') })).toEqual({
      status: 'error',
      result: `Error: Permission denied: ${at('secret')} is withheld by the deny rule **/secret`,
    });
    expect(lines((await workspace.run('Grep', { pattern: 'key' })).result)).toEqual([
      'No matches found',
    ]);
    expect(lines((await workspace.run('Glob', { pattern: '**/*.txt' })).result)).toEqual([
      'No files found matching pattern',
    ]);
  });

  it('changes nothing for a rule of another tool or without rules', async () => {
    for (const rules of [[], [{ tool: 'Bash', path: '**/.env', action: 'deny' } as const]]) {
      const workspace = await workspaceWith(rules);
      const at = (relative: string) => path.join(workspace.root, relative);
      expect(lines((await workspace.run('Grep', { pattern: 'supersecret' })).result)).toEqual(
        [
          at('.env'),
          at('notes.md'),
          at('secret/key.txt'),
          at('sub/.env'),
          at('sub/readme.md'),
        ].sort(),
      );
      expect(lines((await workspace.run('Glob', { pattern: '.env' })).result)).toEqual(
        [at('.env'), at('sub/.env')].sort(),
      );
    }
  });

  it('anchors relative rules at the working directory and absolute ones where they point', async () => {
    const workspace = await workspaceWith([
      { tool: 'Read', path: 'sub/*', action: 'deny' },
      { tool: 'Read', path: path.join('/', '**', 'secret', 'key.txt'), action: 'deny' },
    ]);
    const at = (relative: string) => path.join(workspace.root, relative);
    expect(lines((await workspace.run('Grep', { pattern: 'supersecret' })).result)).toEqual([
      at('.env'),
      at('notes.md'),
    ]);
    expect(lines((await workspace.run('Glob', { pattern: '**/*' })).result)).toEqual([
      at('.env'),
      at('notes.md'),
    ]);
  });

  it('filters results where ripgrep cannot express the rule, even in content without line numbers', async () => {
    // `**` inside a component has no ripgrep form, so only the post-filter applies.
    const workspace = await workspaceWith([{ tool: 'Read', path: '**.env', action: 'deny' }]);
    await workspace.write('sub/paths.txt', 'supersecret\n/etc/supersecret\n');
    const at = (relative: string) => path.join(workspace.root, relative);
    const content = await workspace.run('Grep', {
      pattern: 'supersecret',
      output_mode: 'content',
      '-n': false,
    });
    expect(String(content.result)).not.toMatch(/TOKEN|NESTED/);
    expect(String(content.result).split('\n\n').sort()).toEqual(
      [
        `${at('notes.md')}\nwhere is supersecret kept?`,
        `${at('secret/key.txt')}\nsupersecret key`,
        `${at('sub/paths.txt')}\nsupersecret\n/etc/supersecret`,
        `${at('sub/readme.md')}\nsupersecret is not here`,
      ].sort(),
    );
    expect(
      lines(
        (await workspace.run('Grep', { pattern: 'supersecret', output_mode: 'count' })).result,
      ).filter((line) => line.includes('.env')),
    ).toEqual([]);
  });

  it('pages over the files that are left', async () => {
    const workspace = await workspaceWith([{ tool: 'Read', path: '**.md', action: 'deny' }]);
    const at = (relative: string) => path.join(workspace.root, relative);
    const first = await workspace.run('Grep', { pattern: 'supersecret', head_limit: 1 });
    const all = [at('.env'), at('secret/key.txt'), at('sub/.env')];
    expect(first.status).toBe('success');
    const [hit, notice] = String(first.result).split('\n');
    expect(all).toContain(hit);
    expect(notice).toBe('... Results truncated (limit: 1, offset: 0)');
  });

  it('filters a nested Grep in a ToolCall script', async () => {
    const workspace = await workspaceWith([READ_ENV]);
    const { status, result } = await workspace.run('ToolCall', {
      expression: '(Grep :pattern "supersecret" :output_mode "content")',
    });
    expect(status).toBe('success');
    expect(String(result)).toContain('where is supersecret kept?');
    expect(String(result)).not.toMatch(/TOKEN|NESTED|\.env/);
  });
});
