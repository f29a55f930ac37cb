import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
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
      mkdirSync(join(directory, 'media'), { recursive: true });
      taken ??= new Set(
        readdirSync(join(directory, 'media')).map((name) => name.replace(/\.[^.]*$/, '')),
      );
      for (;;) {
        counter += 1;
        const id = `media-${counter}-${owned}`;
        if (taken.has(id)) continue;
        const file = join(directory, 'media', `${id}.${EXTENSIONS[media.mimeType] ?? 'bin'}`);
        try {
          writeFileSync(file, bytes, { flag: 'wx' });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw error;
        }
        taken.add(id);
        stored.set(id, bytes);
        return { id, mimeType: media.mimeType };
      }
    },
    bytes: (id) => stored.get(id),
  };
}
