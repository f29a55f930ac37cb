import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ searchTimeoutMs: 1500 });
  await workspace.write('.gitignore', 'build/\n.toolcall/\n');
  await workspace.write('a.txt', 'one needle\ntwo\nthree NEEDLE\nfour\n');
  await workspace.write('sub/b.txt', 'needle in b\n');
  await workspace.write('.hidden.txt', 'needle hidden\n');
  await workspace.write('build/out.txt', 'needle built\n');
  await workspace.write('.git/HEAD', 'needle git\n');
  await workspace.write('multi.txt', 'start\nmiddle\nend\n');
  await workspace.write('.toolcall/sessions/s1/work/w.md', 'needle work\n');
  execFileSync('mkfifo', [path.join(workspace.root, 'pipe')]);
});
afterAll(() => workspace.dispose());

const at = (relative: string): string => path.join(workspace.root, relative);
const sorted = (result: unknown): string[] => String(result).split('\n').sort();

describe('Grep', () => {
  it('lists matching files with hidden files, honouring .gitignore and skipping VCS metadata', async () => {
    const { status, result } = await workspace.run('Grep', { pattern: 'needle' });
    expect(status).toBe('success');
    expect(sorted(result)).toEqual([at('.hidden.txt'), at('a.txt'), at('sub/b.txt')].sort());
  });

  it('searches ignored content named by an explicit path or a positive glob', async () => {
    expect((await workspace.run('Grep', { pattern: 'needle', path: 'build/out.txt' })).result).toBe(
      at('build/out.txt'),
    );
    expect((await workspace.run('Grep', { pattern: 'needle', glob: 'build/*.txt' })).result).toBe(
      at('build/out.txt'),
    );
  });

  it('prints content in ripgrep heading layout with context and case-insensitivity', async () => {
    expect(
      await workspace.run('Grep', {
        pattern: 'needle',
        path: 'a.txt',
        output_mode: 'content',
        '-i': true,
        '-A': 1,
      }),
    ).toEqual({
      status: 'success',
      result: `${at('a.txt')}\n1:one needle\n2-two\n3:three NEEDLE\n4-four`,
    });
  });

  it('counts every match as absolute path:count, even for one file', async () => {
    expect(
      (await workspace.run('Grep', { pattern: 'e', path: 'a.txt', output_mode: 'count' })).result,
    ).toBe(`${at('a.txt')}:6`);
  });

  it('matches across lines in multiline mode', async () => {
    expect(
      (
        await workspace.run('Grep', {
          pattern: 'start.*end',
          path: 'multi.txt',
          multiline: true,
          output_mode: 'content',
        })
      ).result,
    ).toBe(`${at('multi.txt')}\n1:start\n2:middle\n3:end`);
    expect(await workspace.run('Grep', { pattern: 'start.*end', path: 'multi.txt' })).toEqual({
      status: 'success',
      result: 'No matches found',
    });
  });

  it('pages output lines with head_limit and offset', async () => {
    const input = { pattern: 'needle', path: 'a.txt', output_mode: 'content', '-i': true };
    expect((await workspace.run('Grep', { ...input, head_limit: 2 })).result).toBe(
      `${at('a.txt')}\n1:one needle\n... Results truncated (limit: 2, offset: 0)`,
    );
    expect((await workspace.run('Grep', { ...input, head_limit: 1, offset: 2 })).result).toBe(
      '3:three NEEDLE',
    );
    expect(await workspace.run('Grep', { ...input, offset: 3 })).toEqual({
      status: 'error',
      result:
        'Error: Offset 3 starts after the last of 3 output lines.  Lower :offset or repeat the search.',
    });
  });

  it.each([
    [{ head_limit: -1 }, 'Error: Grep :head_limit must be 0 or greater'],
    [{ offset: -1 }, 'Error: Grep :offset must be 0 or greater'],
    [{ path: 'absent' }, 'Error: Path absent is not readable'],
    [{ glob: '/abs/*.txt' }, 'Error: Grep :glob must be relative'],
    [{ glob: '../*.txt' }, 'Error: Grep :glob must not traverse parent directories'],
  ])('fails for %j', async (input, message) => {
    expect(await workspace.run('Grep', { pattern: 'needle', ...input })).toEqual({
      status: 'error',
      result: message,
    });
  });

  it('reports a bad regular expression as a failure', async () => {
    const { status, result } = await workspace.run('Grep', { pattern: '(' });
    expect(status).toBe('error');
    expect(String(result)).toMatch(
      /^Error: search failed \(exit code 2\)\. Narrow :path, :glob, :type, or :pattern\.\n/,
    );
  });

  it('refuses a FIFO as its target instead of letting ripgrep block on it', async () => {
    expect(await workspace.run('Grep', { pattern: 'x', path: 'pipe' })).toEqual({
      status: 'error',
      result: 'Error: pipe is a FIFO, not a regular file',
    });
  });

  it('shows addresses for hits under a resource root', async () => {
    expect(
      await workspace.run('Grep', { pattern: 'needle', path: 'work://', output_mode: 'content' }),
    ).toEqual({
      status: 'success',
      result: 'work://w.md\n1:needle work',
    });
    expect(
      (await workspace.run('Grep', { pattern: 'needle', path: 'work://', output_mode: 'count' }))
        .result,
    ).toBe('work://w.md:1');
  });
});
