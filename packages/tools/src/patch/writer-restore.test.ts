import {
  appendFile,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restore, type Source } from './writer-restore.js';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolcall-restore-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

// The situation the post-rename check finds: a writer that opened the old file before the
// rename appended to it after, and another appended to the patched file put in its place.
async function replacedWithLateWrites(patched: string) {
  const target = path.join(root, 'log.txt');
  await writeFile(target, 'original\n');
  const old = await open(target, 'r');
  const late = await open(target, 'a');
  await writeFile(path.join(root, 'new'), patched);
  await rename(path.join(root, 'new'), target);
  await late.appendFile('late to the old file\n');
  await late.close();
  return { target, sources: [{ handle: old, from: 0, read: 0 }] as Source[] };
}

describe('restore', () => {
  it('puts back the old file and every late line, in order, without the patch', async () => {
    const { target, sources } = await replacedWithLateWrites('patched\n');
    await appendFile(target, 'after the rename\n');
    try {
      expect(await restore(target, sources, Buffer.from('patched\n'), undefined)).toBe(true);
    } finally {
      await Promise.all(sources.map((source) => source.handle.close()));
    }
    expect(await readFile(target, 'utf8')).toBe(
      'original\nlate to the old file\nafter the rename\n',
    );
    expect((await readdir(root)).sort()).toEqual(['log.txt']);
  });

  it('leaves a file another program replaced alone', async () => {
    const { target, sources } = await replacedWithLateWrites('patched\n');
    await writeFile(path.join(root, 'theirs'), 'rewritten by someone else\n');
    await rename(path.join(root, 'theirs'), target);
    try {
      expect(await restore(target, sources, Buffer.from('patched\n'), undefined)).toBe(false);
    } finally {
      await Promise.all(sources.map((source) => source.handle.close()));
    }
    expect(await readFile(target, 'utf8')).toBe('rewritten by someone else\n');
  });
});
