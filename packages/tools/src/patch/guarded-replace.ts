import { randomBytes } from 'node:crypto';
import { type BigIntStats, constants } from 'node:fs';
import { type FileHandle, link, open, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A change to a target between the patch's read and its rename; nothing of the patch stays. */
export class PatchConflictError extends Error {
  readonly code = 'conflict';
  constructor(readonly shown: string) {
    super(`File changed on disk while the patch was applied: ${shown}; no file was changed`);
    this.name = 'PatchConflictError';
  }

  static isInstance(value: unknown): value is PatchConflictError {
    return value instanceof PatchConflictError;
  }
}

const NONBLOCKING_READ = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** Most rounds spent putting a concurrent writer's bytes back before giving up. */
const RESTORE_ROUNDS = 8;

/** A temp file name beside `target`, never clashing with another writer's. */
export function tempBeside(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.toolcall-tmp`,
  );
}

async function readFrom(handle: FileHandle, from: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let position = from;
  for (;;) {
    const buffer = Buffer.allocUnsafe(1 << 20);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return Buffer.concat(parts);
    parts.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
}

/**
 * The `fstat` of an open file that holds exactly `expected`, taken before and after reading it
 * so that a write landing during the comparison is caught; `undefined` when it differs.
 */
async function holdsExactly(
  handle: FileHandle,
  expected: Uint8Array,
): Promise<BigIntStats | undefined> {
  const first = await handle.stat({ bigint: true });
  const now = await readFrom(handle, 0);
  const last = await handle.stat({ bigint: true });
  const same =
    first.size === last.size &&
    first.mtimeNs === last.mtimeNs &&
    last.size === BigInt(expected.byteLength) &&
    now.equals(Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength));
  return same ? last : undefined;
}

async function openExisting(target: string): Promise<FileHandle | undefined> {
  try {
    const handle = await open(target, NONBLOCKING_READ);
    if ((await handle.stat()).isFile()) return handle;
    await handle.close();
    return undefined;
  } catch {
    return undefined;
  }
}

/** One inode a writer may still append to after it was replaced: bytes from `from` are its own. */
interface Source {
  readonly handle: FileHandle;
  readonly from: number;
  /** Bytes of it already carried into the file at the path. */
  read: number;
}

/**
 * Puts back what concurrent writers added after their inodes were replaced: the original file
 * (all of it) followed by what was appended to each file the patch put in its place, in order,
 * written again until no source grew during the rename. Returns false when the path no longer
 * holds a file this process wrote (another program replaced it), which is then left alone.
 */
async function restore(
  target: string,
  sources: Source[],
  expected: Buffer,
  mode: number | undefined,
): Promise<boolean> {
  let written = expected;
  for (let round = 0; round < RESTORE_ROUNDS; round += 1) {
    const current = await openExisting(target);
    if (current === undefined) return false;
    const now = await readFrom(current, 0);
    if (!now.subarray(0, written.length).equals(written)) {
      await current.close();
      return false;
    }
    sources.push({ handle: current, from: written.length, read: now.length - written.length });
    const pieces: Buffer[] = [];
    for (const source of sources) {
      const bytes = await readFrom(source.handle, source.from);
      source.read = bytes.length;
      pieces.push(bytes);
    }
    const desired = Buffer.concat(pieces);
    const temp = tempBeside(target);
    await writeFile(temp, desired, { flag: 'wx', ...(mode === undefined ? {} : { mode }) });
    try {
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    written = desired;
    let grew = false;
    for (const source of sources) {
      if ((await source.handle.stat()).size > source.from + source.read) grew = true;
    }
    if (!grew) return true;
  }
  return false;
}

async function closeAll(sources: readonly Source[]): Promise<void> {
  await Promise.all(sources.map((source) => source.handle.close().catch(() => undefined)));
}

/**
 * Replaces `target`, which must still hold exactly `before`, with the staged `temp`: the file is
 * opened and compared right before the rename, and its descriptor checked right after it. A
 * writer that reached the old file in between has its bytes put back and the call fails with
 * `PatchConflictError`: a patch never reports success over a concurrent writer's lines.
 */
export async function replaceGuarded(options: {
  readonly target: string;
  readonly temp: string;
  readonly before: Uint8Array;
  readonly written: Uint8Array;
  readonly mode: number | undefined;
  readonly shown: string;
}): Promise<void> {
  const { target, temp, before, written, mode, shown } = options;
  const old = await openExisting(target);
  if (old === undefined) {
    await rm(temp, { force: true });
    throw new PatchConflictError(shown);
  }
  const sources: Source[] = [{ handle: old, from: 0, read: 0 }];
  try {
    const checked = await holdsExactly(old, before);
    if (checked === undefined) {
      await rm(temp, { force: true });
      throw new PatchConflictError(shown);
    }
    await rename(temp, target);
    const after = await old.stat({ bigint: true });
    if (after.size === checked.size && after.mtimeNs === checked.mtimeNs) return;
    await restore(target, sources, Buffer.from(written), mode);
    throw new PatchConflictError(shown);
  } finally {
    await closeAll(sources);
  }
}

/** Creates `target` from the staged `temp` only if nothing exists there yet (no clobbering). */
export async function createGuarded(temp: string, target: string, shown: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      await rm(temp, { force: true });
      throw new PatchConflictError(shown);
    }
    // A file system without hard links: check, then rename (a narrower guarantee).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    if ((await openExisting(target)) !== undefined) {
      await rm(temp, { force: true });
      throw new PatchConflictError(shown);
    }
    await rename(temp, target);
    return;
  }
  await unlink(temp);
}

/**
 * Deletes `target`, which must still hold exactly `before`; a writer that reached it between
 * the check and the unlink gets the whole file back and the call fails with `PatchConflictError`.
 */
export async function removeGuarded(
  target: string,
  before: Uint8Array,
  mode: number | undefined,
  shown: string,
): Promise<void> {
  const old = await openExisting(target);
  if (old === undefined) throw new PatchConflictError(shown);
  try {
    const checked = await holdsExactly(old, before);
    if (checked === undefined) throw new PatchConflictError(shown);
    await unlink(target);
    const after = await old.stat({ bigint: true });
    if (after.size === checked.size && after.mtimeNs === checked.mtimeNs) return;
    const temp = tempBeside(target);
    await writeFile(temp, await readFrom(old, 0), {
      flag: 'wx',
      ...(mode === undefined ? {} : { mode }),
    });
    await createGuarded(temp, target, shown).catch(() => rm(temp, { force: true }));
    throw new PatchConflictError(shown);
  } finally {
    await old.close().catch(() => undefined);
  }
}
