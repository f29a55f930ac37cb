import { link, rename, rm, unlink, writeFile } from 'node:fs/promises';
import {
  closeAll,
  holdsExactly,
  openExisting,
  readFrom,
  restore,
  type Source,
  tempBeside,
} from './writer-restore.js';

export { tempBeside };

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
