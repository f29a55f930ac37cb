import { join } from 'node:path';
import type { MediaBackend, MediaRecord, StagedMedia } from '../media-record.js';
import { extensionForMimeType } from '../media-types.js';
import { fail, type MediaResult, succeed } from '../result.js';
import { type MediaFileSystem, nodeFileSystem } from './file-system.js';
import { formatManifestLine, loadManifest } from './manifest.js';
import { createManifestWriter } from './manifest-writer.js';
import {
  listDirectory,
  removeStaleTemporaries,
  temporaryPrefix,
} from './remove-stale-temporaries.js';

/** Options for createFileMediaBackend. */
export interface FileMediaBackendOptions {
  /** The session directory; records go to `<sessionDirectory>/media/`. */
  sessionDirectory: string;
  /** fsync each published file before its rename (default false: atomic against crashes, not power loss). */
  sync?: boolean;
  /** Filesystem to use (default `node:fs/promises`). */
  fileSystem?: MediaFileSystem;
}

/** A MediaBackend over a session's media directory. */
export interface FileMediaBackend extends MediaBackend {
  /** `<sessionDirectory>/media`. */
  readonly directory: string;
  /** The published file name of a record: `<sha256>.<ext>`. */
  fileNameOf(record: Pick<MediaRecord, 'sha256' | 'mimeType'>): string;
  /** Creates the directory, tidies stale temporaries and returns the manifest's records. */
  open(): Promise<MediaRecord[]>;
  /** Finishes pending manifest writes and releases the manifest handle. */
  close(): Promise<void>;
}

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
  const manifest = createManifestWriter(fileSystem, directory);
  let ready: Promise<unknown> | undefined;
  // Names known to be published, and renames in progress: content is written once.
  const published = new Set<string>();
  const writing = new Map<string, Promise<void>>();

  const ensureDirectory = () => {
    ready ??= fileSystem.mkdir(directory, { recursive: true }).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const remove = (path: string) =>
    fileSystem.unlink(path).then(
      () => undefined,
      () => undefined,
    );

  type Written = { closed: Promise<void> };

  async function writeTemporary(
    temporary: string,
    bytes: Uint8Array,
    onStarted: () => void,
  ): Promise<Written> {
    try {
      await ensureDirectory();
      const handle = await fileSystem.open(temporary, 'wx');
      try {
        // writeFile issues its first write before returning, so the caller's
        // hashing runs on the main thread while the bytes go to the file.
        const writing = handle.writeFile(bytes);
        onStarted();
        await writing;
        if (sync) await handle.sync();
      } catch (error) {
        await handle.close();
        throw error;
      }
      // The bytes are in the file already, so closing runs beside the rename.
      const closed = handle.close();
      closed.catch(() => undefined);
      return { closed };
    } finally {
      onStarted();
    }
  }

  // Moves a complete temporary file to its content address, once per address;
  // a later copy of the same bytes is dropped instead of replacing the first.
  async function install(temporary: string, name: string): Promise<void> {
    await writing.get(name)?.catch(() => undefined);
    if (published.has(name)) return remove(temporary);
    const renamed = fileSystem.rename(temporary, join(directory, name)).then(() => {
      published.add(name);
    });
    writing.set(name, renamed);
    try {
      await renamed;
    } finally {
      writing.delete(name);
    }
  }

  async function commit(
    record: MediaRecord,
    temporary: string | undefined,
    written: Promise<Written>,
  ): Promise<MediaResult<void>> {
    try {
      const { closed } = await written;
      // The bytes are complete, so the rename, the close and the manifest line
      // run together. A crash can then list a record whose rename never
      // happened; open() drops such lines, so readers still see no partial record.
      const outcomes = await Promise.allSettled([
        temporary === undefined ? undefined : install(temporary, fileNameOf(record)),
        closed,
        manifest.append(formatManifestLine(record)),
      ]);
      for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
      return succeed(undefined);
    } catch (error) {
      if (temporary !== undefined) await remove(temporary);
      return fail('write-failed', `could not publish media record: ${String(error)}`, {
        cause: error,
        recordId: record.recordId,
        mimeType: record.mimeType,
      });
    }
  }

  function stage(bytes: Uint8Array): StagedMedia {
    const temporary = join(directory, `${temporaryPrefix}${process.pid}-${++sequence}`);
    let onStarted = () => {};
    const started = new Promise<void>((resolve) => {
      onStarted = resolve;
    });
    const written = writeTemporary(temporary, bytes, () => onStarted());
    // Observed by publish or discard; this only stops an unhandled-rejection report.
    written.catch(() => undefined);
    return {
      started,
      publish: (record) => commit(record, temporary, written),
      discard: async () => {
        await (await written.catch(() => undefined))?.closed.catch(() => undefined);
        await remove(temporary);
      },
    };
  }

  async function publish(record: MediaRecord, bytes: Uint8Array): Promise<MediaResult<void>> {
    if (!published.has(fileNameOf(record))) return stage(bytes).publish(record);
    return commit(record, undefined, Promise.resolve({ closed: Promise.resolve() }));
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

  async function open(): Promise<MediaRecord[]> {
    const names = await listDirectory(fileSystem, directory);
    await removeStaleTemporaries(fileSystem, directory, names);
    const present = new Set(names);
    const records = await loadManifest(fileSystem, directory, (record) =>
      present.has(fileNameOf(record)),
    );
    for (const record of records) published.add(fileNameOf(record));
    return records;
  }

  return { publish, stage, read, open, close: () => manifest.close(), directory, fileNameOf };
}
