import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaInput, MediaReference, MediaSink } from '@toolcall/pipeline';
import { removeOrphanedPartials, stageFile } from './atomic-file.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Options of `createSessionMediaSink`. */
export interface SessionMediaSinkOptions {
  /** The session's media directory (`SESSION/media`), created on the first item. */
  readonly directory: string;
}

/** A media sink that keeps each item as a file of the session, readable back by its id. */
export interface SessionMediaSink extends MediaSink {
  put(
    media: MediaInput,
    owner: { readonly toolName: string; readonly toolUseId: string },
  ): Promise<MediaReference>;
  /** The bytes of an item this sink stored (for an MCP image block), or `undefined`. */
  read(id: string): Promise<Uint8Array | undefined>;
}

/**
 * Creates the media sink of a session: each item is written whole (a private temporary file,
 * fsynced, then linked) as `DIRECTORY/media-N-TOOLUSEID.EXT`. An id is never reused in the
 * session: one a file already has (from an earlier process) is skipped, and a link never
 * replaces a file another process wrote meanwhile. Bytes are read back from disk, so a
 * long-lived host holds none of them in memory.
 */
export function createSessionMediaSink(options: SessionMediaSinkOptions): SessionMediaSink {
  const directory = (Object.assign(Object.create(null), options) as SessionMediaSinkOptions)
    .directory;
  if (typeof directory !== 'string' || !path.isAbsolute(directory)) {
    throw new TypeError(
      `createSessionMediaSink: directory must be an absolute path, received ${String(directory)}`,
    );
  }
  const files = new Map<string, string>();
  let counter = 0;
  let taken: Promise<Set<string>> | undefined;
  const scan = async (): Promise<Set<string>> => {
    await mkdir(directory, { recursive: true });
    await removeOrphanedPartials(directory);
    const names = await readdir(directory);
    return new Set(
      names.filter((name) => !name.startsWith('.')).map((name) => name.replace(/\.[^.]*$/, '')),
    );
  };
  return {
    async put(media, owner) {
      const bytes = typeof media.data === 'string' ? Buffer.from(media.data, 'base64') : media.data;
      const owned = owner.toolUseId.replace(/[^A-Za-z0-9_-]/g, '_');
      // A failed scan (the directory cannot be made) is tried again by the next item.
      taken ??= scan().catch((error: unknown) => {
        taken = undefined;
        throw error;
      });
      const ids = await taken;
      const staged = await stageFile(directory, 'media', bytes);
      try {
        for (;;) {
          counter += 1;
          const id = `media-${counter}-${owned}`;
          if (ids.has(id)) continue;
          const name = `${id}.${EXTENSIONS[media.mimeType] ?? 'bin'}`;
          try {
            await staged.publish(name, 'create');
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
            throw error;
          }
          ids.add(id);
          files.set(id, name);
          return { id, mimeType: media.mimeType };
        }
      } finally {
        await staged.discard();
      }
    },
    async read(id) {
      const name = files.get(id);
      if (name === undefined) return undefined;
      return readFile(path.join(directory, name)).then(
        (bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        () => undefined,
      );
    },
  };
}
