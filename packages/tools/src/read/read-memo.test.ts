import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConversationReads,
  type FileIdentity,
  identify,
  isUnchanged,
  ReadMemo,
} from './read-memo.js';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'toolcall-memo-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The identity the file had, as if its clock had not ticked since `previous`. */
async function sameClock(file: string, previous: FileIdentity): Promise<FileIdentity> {
  const stats = await stat(file, { bigint: true });
  return {
    ...previous,
    dev: stats.dev,
    ino: stats.ino,
    size: stats.size,
    mtimeNs: stats.mtimeNs,
    ctimeNs: stats.ctimeNs,
  };
}

describe('identify and isUnchanged', () => {
  it('trusts the timestamps of a file older than the racy window', async () => {
    const file = path.join(scratch, 'old.txt');
    await writeFile(file, 'settled\n');
    const identity = await identify(file, Date.now() + 10_000);
    expect(identity?.digest).toBeUndefined();
    expect(identity !== undefined && (await isUnchanged(identity, file))).toBe(true);
  });

  it('compares a freshly written file by content', async () => {
    const file = path.join(scratch, 'fresh.txt');
    await writeFile(file, 'aaaa\n');
    const identity = await identify(file);
    expect(identity?.digest).toBe(sha256('aaaa\n'));
    if (identity === undefined) return;
    expect(await isUnchanged(identity, file)).toBe(true);
    // A same-size rewrite whose timestamps did not tick (a coarse clock) is still a change.
    await writeFile(file, 'bbbb\n');
    const coarse = await sameClock(file, identity);
    expect(await isUnchanged(coarse, file)).toBe(false);
    expect(await isUnchanged({ ...coarse, digest: sha256('bbbb\n') }, file)).toBe(true);
  });

  it('never counts a large racy file as unchanged', async () => {
    const file = path.join(scratch, 'large.txt');
    await writeFile(file, 'z'.repeat(600 * 1024));
    const identity = await identify(file);
    expect(identity?.digest).toBeNull();
    expect(identity !== undefined && (await isUnchanged(identity, file))).toBe(false);
  });

  it('sees a change behind a restored modification time', async () => {
    const file = path.join(scratch, 'touched.txt');
    await writeFile(file, 'one\n');
    const before = await stat(file);
    const identity = await identify(file, Date.now() + 10_000);
    if (identity === undefined) throw new Error('no identity');
    await writeFile(file, 'two\n');
    await utimes(file, before.atime, before.mtime);
    expect(await isUnchanged(identity, file)).toBe(false);
  });

  it('has no identity for a directory or a missing file', async () => {
    expect(await identify(scratch)).toBeUndefined();
    expect(await identify(path.join(scratch, 'absent'))).toBeUndefined();
  });
});

describe('ReadMemo', () => {
  it('keeps entries per file and range and forgets them on request', async () => {
    const file = path.join(scratch, 'memo.txt');
    await writeFile(file, 'm\n');
    const identity = await identify(file);
    if (identity === undefined) throw new Error('no identity');
    const memo = new ReadMemo();
    memo.remember(ReadMemo.key(file, 1, 2000), identity);
    expect(memo.get(ReadMemo.key(file, 1, 2000))).toBe(identity);
    expect(memo.get(ReadMemo.key(file, 2, 2000))).toBeUndefined();
    memo.forget(ReadMemo.key(file, 1, 2000));
    expect(memo.get(ReadMemo.key(file, 1, 2000))).toBeUndefined();
  });
});

describe('ConversationReads', () => {
  const identity = { dev: 1n, ino: 2n, size: 3, mtimeNs: 4n, ctimeNs: 5n, digest: undefined };

  it('keeps one memory per conversation and forgets one or all', () => {
    const reads = new ConversationReads();
    reads.of('/root').remember('k', identity as never);
    expect(reads.of('/root/worker').get('k')).toBeUndefined();
    expect(reads.of('/root').get('k')).toBeDefined();
    reads.forget('/root/worker');
    expect(reads.of('/root').get('k')).toBeDefined();
    reads.forget();
    expect(reads.of('/root').get('k')).toBeUndefined();
  });

  it('holds at most 64 conversations, dropping the one that read least recently', () => {
    const reads = new ConversationReads();
    reads.of('/root').remember('k', identity as never);
    for (let agent = 0; agent < 63; agent += 1)
      reads.of(`/root/a${agent}`).remember('k', identity as never);
    reads.of('/root'); // the root reads again: it is now the most recent
    reads.of('/root/one-more').remember('k', identity as never);
    expect(reads.of('/root').get('k')).toBeDefined();
    expect(reads.of('/root/a0').get('k')).toBeUndefined();
  });
});
