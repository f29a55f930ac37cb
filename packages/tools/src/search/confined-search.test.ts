import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

// The sandbox drops root's permission override, so a mode-000 entry is unreadable to a confined
// ripgrep, which then exits 2 although it printed every other result.
let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ sandbox: 'required' });
  await workspace.write('a.txt', 'one needle\n');
  await workspace.write('sub/b.txt', 'needle in b\n');
  await chmod(await workspace.write('secret.txt', 'needle secret\n'), 0o000);
  await workspace.write('locked/c.txt', 'needle locked\n');
  await chmod(path.join(workspace.root, 'locked'), 0o000);
});
afterAll(async () => {
  await chmod(path.join(workspace.root, 'locked'), 0o755);
  await workspace.dispose();
});

const at = (relative: string): string => path.join(workspace.root, relative);
const sorted = (result: unknown): string[] => String(result).split('\n').sort();

describe('confined search over unreadable entries', () => {
  it('returns Grep results although ripgrep exits 2 after a per-file error', async () => {
    const files = await workspace.run('Grep', { pattern: 'needle' });
    expect(files.status).toBe('success');
    expect(sorted(files.result)).toEqual([at('a.txt'), at('sub/b.txt')]);
    const content = await workspace.run('Grep', { pattern: 'needle', output_mode: 'content' });
    expect(content.status).toBe('success');
    expect(String(content.result).split('\n\n').sort()).toEqual([
      `${at('a.txt')}\n1:one needle`,
      `${at('sub/b.txt')}\n1:needle in b`,
    ]);
    expect(
      sorted((await workspace.run('Grep', { pattern: 'needle', output_mode: 'count' })).result),
    ).toEqual([`${at('a.txt')}:1`, `${at('sub/b.txt')}:1`]);
  });

  it('fails with a plain diagnostic when ripgrep exits 2 without a result', async () => {
    // Unconfined, ripgrep's own warnings are the diagnostic; confined, they are suppressed.
    expect(await workspace.run('Grep', { pattern: 'secret' })).toEqual({
      status: 'error',
      result:
        'Error: search failed (exit code 2). Narrow :path, :glob, :type, or :pattern.\nSome files or directories could not be read.',
    });
  });

  it('still reports a fatal ripgrep error as a failure', async () => {
    const { status, result } = await workspace.run('Grep', { pattern: '(' });
    expect(status).toBe('error');
    expect(String(result)).toMatch(
      /^Error: search failed \(exit code 2\)\. Narrow :path, :glob, :type, or :pattern\.\nrg: regex parse error/,
    );
  });

  it('lists Glob results without ripgrep warnings about unreadable directories', async () => {
    const { status, result } = await workspace.run('Glob', { pattern: '*.txt' });
    expect(status).toBe('success');
    expect(sorted(result)).toEqual([at('a.txt'), at('secret.txt'), at('sub/b.txt')]);
  });

  it('reports a Glob pattern ripgrep cannot parse as a failure', async () => {
    const { status, result } = await workspace.run('Glob', { pattern: '*.{txt' });
    expect(status).toBe('error');
    expect(String(result)).toMatch(
      /^Error: glob failed \(exit code 2\)\. Narrow :path or :pattern\.\nrg: .*glob/,
    );
  });
});
