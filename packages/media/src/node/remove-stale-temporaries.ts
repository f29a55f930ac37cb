import { join } from 'node:path';
import { errorCode, type MediaFileSystem } from './file-system.js';

/** Prefix of temporary files; the writer's pid follows so stale ones can be recognised. */
export const temporaryPrefix = '.tmp-';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** Lists a directory's entry names, or none when it does not exist yet. */
export async function listDirectory(
  fileSystem: MediaFileSystem,
  directory: string,
): Promise<string[]> {
  try {
    return await fileSystem.readdir(directory);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Removes temporary files left by writers that died mid-write. They are never
 * listed, so this is tidiness, not correctness; live writers' files stay.
 */
export async function removeStaleTemporaries(
  fileSystem: MediaFileSystem,
  directory: string,
  names: readonly string[],
): Promise<void> {
  for (const name of names) {
    if (!name.startsWith(temporaryPrefix)) continue;
    const pid = Number.parseInt(name.slice(temporaryPrefix.length), 10);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isAlive(pid)) {
      await fileSystem.unlink(join(directory, name)).catch(() => undefined);
    }
  }
}
