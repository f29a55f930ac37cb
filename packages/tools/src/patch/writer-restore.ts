import { randomBytes } from 'node:crypto';
import { type BigIntStats, constants } from 'node:fs';
import { type FileHandle, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const NONBLOCKING_READ = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** A temp file name beside `target`, never clashing with another writer's. */
export function tempBeside(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.toolcall-tmp`,
  );
}

/** Most rounds spent putting a concurrent writer's bytes back before giving up. */
const RESTORE_ROUNDS = 8;

/** Reads an open file from byte `from` to its end. */
export async function readFrom(handle: FileHandle, from: number): Promise<Buffer> {
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
export async function holdsExactly(
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

/** Opens a regular file for reading without blocking; `undefined` when missing or special. */
export async function openExisting(target: string): Promise<FileHandle | undefined> {
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
export interface Source {
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
export async function restore(
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

/** Closes every source, ignoring errors. */
export async function closeAll(sources: readonly Source[]): Promise<void> {
  await Promise.all(sources.map((source) => source.handle.close().catch(() => undefined)));
}
