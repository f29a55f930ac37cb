import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { ReadResponse } from './read-bytes.js';
import { readRegularFile } from './regular-file.js';

/**
 * Timestamps within this window of a read may not have ticked since (file systems keep
 * coarse clocks: a jiffy, a second, FAT's two seconds), so such a file is compared by content.
 */
const RACY_WINDOW_NS = 2_000_000_000n;

/** Files up to this size are hashed when their timestamps cannot be trusted; larger ones never match. */
const DIGEST_LIMIT = 512 * 1024;

/** What tells one version of a regular file from another. */
export interface FileIdentity {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
  /**
   * Set when a timestamp fell within the racy window of the read: the SHA-256 of the content
   * (small files), or `null` for a file too large to hash, which then never counts as unchanged.
   */
  readonly digest: string | null | undefined;
}

/**
 * The identity of a regular file read at `readAtMs` (default now); `undefined` for anything
 * else (a directory, a device, a missing file, a file reporting size 0). The change time is part of it because no
 * caller can set it back.
 */
export async function identify(
  file: string,
  readAtMs: number = Date.now(),
): Promise<FileIdentity | undefined> {
  let stats: Awaited<ReturnType<typeof statBig>>;
  try {
    stats = await statBig(file);
  } catch {
    return undefined;
  }
  // A file reporting size 0 may be a `/proc` or `/sys` file whose content changes while its
  // size and timestamps do not, so it is never answered as unchanged.
  if (!stats.isFile() || stats.size === 0n) return undefined;
  const racySince = BigInt(readAtMs) * 1_000_000n - RACY_WINDOW_NS;
  let digest: string | null | undefined;
  if (stats.mtimeNs >= racySince || stats.ctimeNs >= racySince) {
    digest = stats.size <= BigInt(DIGEST_LIMIT) ? await digestOf(file) : null;
  }
  return {
    dev: stats.dev,
    ino: stats.ino,
    size: stats.size,
    mtimeNs: stats.mtimeNs,
    ctimeNs: stats.ctimeNs,
    digest,
  };
}

const statBig = (file: string) => stat(file, { bigint: true });

async function digestOf(file: string): Promise<string | null> {
  const read = await readRegularFile(file, { shown: file, maxBytes: DIGEST_LIMIT });
  return read.success ? createHash('sha256').update(read.bytes).digest('hex') : null;
}

/**
 * Whether `file` is still the version `previous` identified: the same file, size and
 * timestamps, and, when `previous` was taken within its racy window, the same content.
 */
export async function isUnchanged(previous: FileIdentity, file: string): Promise<boolean> {
  let stats: Awaited<ReturnType<typeof statBig>>;
  try {
    stats = await statBig(file);
  } catch {
    return false;
  }
  if (
    !stats.isFile() ||
    previous.dev !== stats.dev ||
    previous.ino !== stats.ino ||
    previous.size !== stats.size ||
    previous.mtimeNs !== stats.mtimeNs ||
    previous.ctimeNs !== stats.ctimeNs
  ) {
    return false;
  }
  if (previous.digest === undefined) return true;
  // A large racy file cannot be compared cheaply, so it never counts as unchanged.
  if (previous.digest === null) return false;
  return (await digestOf(file)) === previous.digest;
}

/** Most remembered reads per session; the oldest is forgotten first. */
const MEMO_ENTRIES = 1000;

/**
 * Remembers, per file and line range, which version of the file one conversation last read in
 * full, so an unchanged re-read can point back to it.
 */
export class ReadMemo {
  readonly #entries = new Map<string, FileIdentity>();

  static key(file: string, offset: number, limit: number): string {
    return `${offset}:${limit}:${file}`;
  }

  /** The identity recorded for `key`, if any. */
  get(key: string): FileIdentity | undefined {
    return this.#entries.get(key);
  }

  remember(key: string, identity: FileIdentity): void {
    this.#entries.delete(key);
    this.#entries.set(key, identity);
    if (this.#entries.size > MEMO_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  forget(key: string): void {
    this.#entries.delete(key);
  }

  /** Forgets every read, e.g. after the conversation was compacted and lost the contents. */
  clear(): void {
    this.#entries.clear();
  }
}

/** Most conversations whose reads are remembered at once; the least recently reading goes first. */
const MEMO_CONVERSATIONS = 64;

/**
 * The read memories of a tool set's conversations, one per owner path (`/root`, `/review-1`,
 * …): a conversation is told "unchanged" only about what it read itself, never about what
 * another conversation read.
 */
export class ConversationReads {
  readonly #memos = new Map<string, ReadMemo>();

  /** The memory of the conversation at `owner`, made on its first read. */
  of(owner: string): ReadMemo {
    let memo = this.#memos.get(owner);
    if (memo !== undefined) this.#memos.delete(owner);
    else memo = new ReadMemo();
    this.#memos.set(owner, memo);
    if (this.#memos.size > MEMO_CONVERSATIONS) {
      const oldest = this.#memos.keys().next().value;
      if (oldest !== undefined) this.#memos.delete(oldest);
    }
    return memo;
  }

  /** Forgets what the conversation at `owner` read, or every conversation's reads. */
  forget(owner?: string): void {
    if (owner === undefined) this.#memos.clear();
    else this.#memos.delete(owner);
  }
}

/**
 * Answers `notice` when `file` is still the version last read for `key`; otherwise reads it
 * and remembers the version when the read succeeded as text and the file stayed that version
 * throughout (an error, media or a cancelled call forget the key).
 */
export async function readRemembered(
  memo: ReadMemo,
  key: string,
  file: string,
  signal: AbortSignal,
  read: () => Promise<ReadResponse>,
  notice: string,
): Promise<ReadResponse> {
  const previous = memo.get(key);
  if (previous !== undefined && (await isUnchanged(previous, file))) {
    return { text: notice, error: false, unchanged: true };
  }
  const before = await identify(file);
  const response = await read();
  const keep =
    before !== undefined &&
    !response.error &&
    response.media === undefined &&
    !signal.aborted &&
    (await isUnchanged(before, file));
  if (keep) memo.remember(key, before);
  else memo.forget(key);
  return response;
}
