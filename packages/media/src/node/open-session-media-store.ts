import { createHash } from 'node:crypto';
import type { MediaDigest } from '../media-record.js';
import { createMediaStore } from '../media-store.js';
import type { MediaStore, MediaStoreOptions } from '../media-store-types.js';
import { fail, type MediaResult, succeed } from '../result.js';
import { createFileMediaBackend } from './file-media-backend.js';
import { type MediaFileSystem, nodeFileSystem } from './file-system.js';
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

/** SHA-256 through node:crypto: synchronous, and on a busy machine faster than Web Crypto's thread hop. */
export const nodeSha256: MediaDigest = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Opens the durable media store of a session directory, loading its manifest for replay. */
export async function openSessionMediaStore({
  sessionDirectory,
  sync = false,
  fileSystem = nodeFileSystem,
  ...options
}: SessionMediaStoreOptions): Promise<MediaResult<MediaStore>> {
  const backend = createFileMediaBackend({ sessionDirectory, sync, fileSystem });
  try {
    const records = await backend.open();
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
