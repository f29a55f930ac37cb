import { join } from 'node:path';
import type { MediaFileSystem } from './file-system.js';
import { manifestName } from './manifest.js';

type Handle = Awaited<ReturnType<MediaFileSystem['open']>>;

/** Appends manifest lines one at a time through a handle kept open while busy. */
export interface ManifestWriter {
  /** Appends one whole line; resolves once it is written. */
  append(line: string): Promise<void>;
  /** Waits for pending appends and closes the handle. */
  close(): Promise<void>;
}

// Keeping the handle open across a burst of captures saves an open and a close
// per record; an unreferenced timer closes it once the burst is over.
const idleCloseMs = 1000;

/** Creates the serialised appender for `<directory>/manifest.jsonl`. */
export function createManifestWriter(
  fileSystem: MediaFileSystem,
  directory: string,
): ManifestWriter {
  let handle: Promise<Handle> | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const release = async () => {
    const current = handle;
    handle = undefined;
    if (current !== undefined) await (await current.catch(() => undefined))?.close();
  };

  async function write(line: string): Promise<void> {
    handle ??= fileSystem.open(join(directory, manifestName), 'a');
    const opened = await handle.catch((error: unknown) => {
      handle = undefined;
      throw error;
    });
    const bytes = Buffer.from(line);
    let offset = 0;
    while (offset < bytes.length) {
      offset += (await opened.write(bytes, offset, bytes.length - offset)).bytesWritten;
    }
  }

  return {
    append(line) {
      pending++;
      if (timer !== undefined) clearTimeout(timer);
      const result = tail.then(() => write(line));
      tail = result
        .catch(() => release())
        .finally(() => {
          if (--pending === 0) {
            timer = setTimeout(() => void release(), idleCloseMs);
            timer.unref?.();
          }
        });
      return result;
    },
    async close() {
      await tail;
      if (timer !== undefined) clearTimeout(timer);
      await release();
    },
  };
}
