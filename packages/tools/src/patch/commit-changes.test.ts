import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitChanges, type FileChange } from './commit-changes.js';
import { type PatchSlot, pathSlot } from './patch-slot.js';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolcall-commit-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

// A slot whose commit fails, standing in for a disk that refuses the last write.
function failingSlot(): PatchSlot {
  return {
    key: 'failing',
    shown: 'failing.txt',
    load: async () => ({ success: true, state: { exists: false } }),
    stage: async () => ({
      commit: async () => {
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      },
      discard: async () => undefined,
    }),
    remove: async () => undefined,
  };
}

describe('commitChanges', () => {
  it('restores every committed file and removes created directories when a later write fails', async () => {
    await writeFile(path.join(root, 'a.txt'), 'old a\n');
    await writeFile(path.join(root, 'gone.txt'), 'old gone\n');
    const created: string[] = [];
    const changes: FileChange[] = [
      {
        slot: pathSlot(path.join(root, 'a.txt'), 'a.txt', created),
        before: { exists: true, data: bytes('old a\n'), mode: 0o644 },
        after: bytes('new a\n'),
        mode: 0o644,
      },
      {
        slot: pathSlot(path.join(root, 'new/dir/b.txt'), 'new/dir/b.txt', created),
        before: { exists: false },
        after: bytes('b\n'),
        mode: undefined,
      },
      {
        slot: pathSlot(path.join(root, 'gone.txt'), 'gone.txt', created),
        before: { exists: true, data: bytes('old gone\n'), mode: 0o644 },
        after: undefined,
        mode: undefined,
      },
      { slot: failingSlot(), before: { exists: false }, after: bytes('x'), mode: undefined },
    ];
    expect(await commitChanges(changes, created)).toEqual({
      success: false,
      message: 'Cannot write failing.txt (ENOSPC); no file was changed',
    });
    expect((await readdir(root)).sort()).toEqual(['a.txt', 'gone.txt']);
    expect(await readFile(path.join(root, 'a.txt'), 'utf8')).toBe('old a\n');
    expect(await readFile(path.join(root, 'gone.txt'), 'utf8')).toBe('old gone\n');
  });

  it('refuses to commit when a file changed after it was verified', async () => {
    await writeFile(path.join(root, 'a.txt'), 'changed\n');
    const created: string[] = [];
    const result = await commitChanges(
      [
        {
          slot: pathSlot(path.join(root, 'a.txt'), 'a.txt', created),
          before: { exists: true, data: bytes('old\n'), mode: 0o644 },
          after: bytes('new\n'),
          mode: 0o644,
        },
      ],
      created,
    );
    expect(result).toEqual({ success: false, message: 'File changed during review: a.txt' });
    expect(await readFile(path.join(root, 'a.txt'), 'utf8')).toBe('changed\n');
  });
});
