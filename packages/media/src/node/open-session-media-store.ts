import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { MediaDigest } from '../media-record.js';
import { createMediaStore, type MediaStore, type MediaStoreOptions } from '../media-store.js';
import { fail, type MediaResult, succeed } from '../result.js';
import { createFileMediaBackend, temporaryPrefix } from './file-media-backend.js';
import { errorCode, type MediaFileSystem, nodeFileSystem } from './file-system.js';
import { loadManifest } from './manifest.js';
import { createMediaFileReader } from './read-media-file.js';

/** Options for openSessionMediaStore. */
export interface SessionMediaStoreOptions
  extends Omit<MediaStoreOptions, 'backend' | 'records' | 'readFile' | 'digest'> {
  /** The session directory; records go to `<sessionDirectory>/media/`. */
  sessionDirectory: string;
  /** fsync published files before renaming them (default false). */
  sync?: boolean;
  fileSystem?: MediaFileSystem;
}

/** SHA-256 through node:crypto, synchronous and faster than Web Crypto for small inputs. */
export const nodeSha256: MediaDigest = (bytes) => createHash('sha256').update(bytes).digest('hex');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

// Temporary files left by a writer that died mid-write are never listed, but
// removing them keeps the directory clean; live writers' files are left alone.
async function removeStaleTemporaries(fileSystem: MediaFileSystem, directory: string) {
  let names: string[];
  try {
    names = await fileSystem.readdir(directory);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    if (!name.startsWith(temporaryPrefix)) continue;
    const pid = Number.parseInt(name.slice(temporaryPrefix.length), 10);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isAlive(pid)) {
      await fileSystem.unlink(join(directory, name)).catch(() => undefined);
    }
  }
}

/** Opens the durable media store of a session directory, loading its manifest for replay. */
export async function openSessionMediaStore({
  sessionDirectory,
  sync = false,
  fileSystem = nodeFileSystem,
  ...options
}: SessionMediaStoreOptions): Promise<MediaResult<MediaStore>> {
  const backend = createFileMediaBackend({ sessionDirectory, sync, fileSystem });
  try {
    await removeStaleTemporaries(fileSystem, backend.directory);
    const records = await loadManifest(fileSystem, backend.directory);
    return succeed(
      createMediaStore({
        ...options,
        backend,
        records,
        readFile: createMediaFileReader(fileSystem),
        digest: nodeSha256,
      }),
    );
  } catch (error) {
    return fail('read-failed', `could not open the session media store: ${String(error)}`, {
      cause: error,
    });
  }
}
