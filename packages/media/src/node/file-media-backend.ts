import { join } from 'node:path';
import type { MediaBackend, MediaRecord } from '../media-record.js';
import { extensionForMimeType } from '../media-types.js';
import { fail, type MediaResult, succeed } from '../result.js';
import { errorCode, type MediaFileSystem, nodeFileSystem } from './file-system.js';
import { formatManifestLine, manifestName } from './manifest.js';

/** Options for createFileMediaBackend. */
export interface FileMediaBackendOptions {
  /** The session directory; records go to `<sessionDirectory>/media/`. */
  sessionDirectory: string;
  /** fsync each published file before its rename (default false: atomic against crashes, not power loss). */
  sync?: boolean;
  /** Filesystem to use (default `node:fs/promises`). */
  fileSystem?: MediaFileSystem;
}

/** A MediaBackend over a session's media directory, with the paths it uses. */
export interface FileMediaBackend extends MediaBackend {
  /** `<sessionDirectory>/media`. */
  readonly directory: string;
  /** The published file name of a record: `<sha256>.<ext>`. */
  fileNameOf(record: Pick<MediaRecord, 'sha256' | 'mimeType'>): string;
}

/** Prefix of temporary files; the writer's pid follows so stale ones can be recognised. */
export const temporaryPrefix = '.tmp-';

let sequence = 0;

/** Creates the durable, content-addressed file store for one session directory. */
export function createFileMediaBackend({
  sessionDirectory,
  sync = false,
  fileSystem = nodeFileSystem,
}: FileMediaBackendOptions): FileMediaBackend {
  if (typeof sessionDirectory !== 'string' || sessionDirectory === '') {
    throw new TypeError(
      `sessionDirectory must be a non-empty path, received ${String(sessionDirectory)}`,
    );
  }
  const directory = join(sessionDirectory, 'media');
  const fileNameOf = ({ sha256, mimeType }: Pick<MediaRecord, 'sha256' | 'mimeType'>) =>
    `${sha256}.${extensionForMimeType(mimeType)}`;
  let ready: Promise<unknown> | undefined;
  // Content writes of the same address share one promise: written once.
  const writing = new Map<string, Promise<void>>();
  // Manifest appends run one at a time, each a whole line in a single write.
  let manifestTail: Promise<unknown> = Promise.resolve();

  async function writeOnce(name: string, bytes: Uint8Array): Promise<void> {
    const target = join(directory, name);
    try {
      if ((await fileSystem.stat(target)).size === bytes.length) return;
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
    const temporary = join(directory, `${temporaryPrefix}${process.pid}-${++sequence}-${name}`);
    try {
      const handle = await fileSystem.open(temporary, 'wx');
      try {
        await handle.writeFile(bytes);
        if (sync) await handle.sync();
      } finally {
        await handle.close();
      }
      await fileSystem.rename(temporary, target);
    } catch (error) {
      await fileSystem.unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  async function publish(record: MediaRecord, bytes: Uint8Array): Promise<MediaResult<void>> {
    const name = fileNameOf(record);
    try {
      ready ??= fileSystem.mkdir(directory, { recursive: true });
      await ready;
      let pending = writing.get(name);
      if (pending === undefined) {
        pending = writeOnce(name, bytes).finally(() => writing.delete(name));
        writing.set(name, pending);
      }
      await pending;
      const append = manifestTail.then(() =>
        fileSystem.appendFile(join(directory, manifestName), formatManifestLine(record)),
      );
      manifestTail = append.catch(() => undefined);
      await append;
      return succeed(undefined);
    } catch (error) {
      ready = undefined;
      return fail('write-failed', `could not publish media record: ${String(error)}`, {
        cause: error,
        recordId: record.recordId,
        mimeType: record.mimeType,
      });
    }
  }

  async function read(record: MediaRecord): Promise<MediaResult<Uint8Array>> {
    try {
      const buffer = await fileSystem.readFile(join(directory, fileNameOf(record)));
      return succeed(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
    } catch (error) {
      return fail('unavailable', `the published copy cannot be read: ${String(error)}`, {
        cause: error,
        recordId: record.recordId,
        mimeType: record.mimeType,
      });
    }
  }

  return { publish, read, directory, fileNameOf };
}
