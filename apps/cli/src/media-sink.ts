import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { MediaInput, MediaReference, MediaSink } from '@toolcall/pipeline';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A media sink that persists each item under the session's `media/` and keeps its bytes. */
export interface SessionMedia extends MediaSink {
  /** The bytes of stored media, for an MCP image block. */
  bytes(id: string): Uint8Array | undefined;
}

// Written and fsynced under a private temporary name first: a reader, or a later run after a
// crash, never finds a partial file under a media name.
function stageBytes(directory: string, bytes: Uint8Array): string {
  const temporary = join(
    directory,
    `.media.${process.pid}.${randomBytes(6).toString('hex')}.partial`,
  );
  const descriptor = openSync(temporary, 'wx', 0o600);
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(descriptor, bytes, written);
    fsyncSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(descriptor);
  return temporary;
}

/**
 * Stores media in `DIRECTORY/media/ID.EXT` (minimal; the durable store is @toolcall/media's).
 * An id is never reused in the session: one a file already has (from an earlier run) is skipped.
 */
export function createSessionMedia(directory: string): SessionMedia {
  const stored = new Map<string, Uint8Array>();
  let counter = 0;
  let taken: Set<string> | undefined;
  return {
    put(media: MediaInput, owner): MediaReference {
      const bytes = typeof media.data === 'string' ? Buffer.from(media.data, 'base64') : media.data;
      const owned = owner.toolUseId.replace(/[^A-Za-z0-9_-]/g, '_');
      const folder = join(directory, 'media');
      mkdirSync(folder, { recursive: true });
      taken ??= new Set(
        readdirSync(folder)
          .filter((name) => !name.startsWith('.'))
          .map((name) => name.replace(/\.[^.]*$/, '')),
      );
      const temporary = stageBytes(folder, bytes);
      try {
        for (;;) {
          counter += 1;
          const id = `media-${counter}-${owned}`;
          if (taken.has(id)) continue;
          const file = join(folder, `${id}.${EXTENSIONS[media.mimeType] ?? 'bin'}`);
          try {
            // A link never replaces a file another run wrote under the same id.
            linkSync(temporary, file);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
            throw error;
          }
          taken.add(id);
          stored.set(id, bytes);
          return { id, mimeType: media.mimeType };
        }
      } finally {
        rmSync(temporary, { force: true });
      }
    },
    bytes: (id) => stored.get(id),
  };
}
