import { randomBytes } from 'node:crypto';
import { link, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** The suffix of a file still being written; readers and listings skip such files. */
export const PARTIAL_SUFFIX = '.partial';

// `.NAME.PID.RANDOM.partial`: the writer's pid lets a later store remove what a killed writer
// left, and never what a live one is writing.
const PARTIAL = /^\..*\.(\d+)\.[0-9a-f]{12}\.partial$/;

/** A temporary name beside `name` in `directory`, owned by this process. */
export function partialName(directory: string, name: string): string {
  return path.join(
    directory,
    `.${name}.${process.pid}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`,
  );
}

async function syncDirectory(directory: string): Promise<void> {
  // The rename is durable once the directory is synced; some file systems refuse it.
  const handle = await open(directory, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}

/** Bytes written and fsynced under a temporary name, ready to be published under a final one. */
export interface StagedFile {
  /** Renames over `name` (`replace`), or links to it only if it is free (`create`: `EEXIST`). */
  publish(name: string, mode: 'replace' | 'create'): Promise<void>;
  /** Removes the temporary name (after a `create` it is a second name of the published file). */
  discard(): Promise<void>;
}

/**
 * Writes `bytes` to a private temporary file in `directory` (named after `name`) and fsyncs it,
 * so that publishing it is one rename or link: no reader ever sees a partial file under a final
 * name, and a writer killed midway leaves only a temporary file that `removeOrphanedPartials`
 * clears.
 */
export async function stageFile(
  directory: string,
  name: string,
  bytes: Uint8Array,
  permissions = 0o600,
): Promise<StagedFile> {
  const temporary = partialName(directory, name);
  const handle = await open(temporary, 'wx', permissions);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  return {
    async publish(target, mode) {
      const final = path.join(directory, target);
      if (mode === 'replace') await rename(temporary, final);
      else await link(temporary, final);
      await syncDirectory(directory);
    },
    discard: () => rm(temporary, { force: true }),
  };
}

/** Writes `directory/name` atomically (see `stageFile`), replacing or only creating it. */
export async function writeFileAtomic(options: {
  readonly directory: string;
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly mode: 'replace' | 'create';
}): Promise<void> {
  const staged = await stageFile(options.directory, options.name, options.bytes);
  try {
    await staged.publish(options.name, options.mode);
  } finally {
    await staged.discard();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temporary files whose writer is no longer running (killed mid-write). */
export async function removeOrphanedPartials(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const match = PARTIAL.exec(name);
    if (match === null || alive(Number(match[1]))) continue;
    await rm(path.join(directory, name), { force: true });
    removed.push(name);
  }
  return removed;
}
