import { mkdirSync, writeFileSync } from 'node:fs';
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

/** Stores media in `DIRECTORY/media/ID.EXT` (minimal; the durable store is @toolcall/media's). */
export function createSessionMedia(directory: string): SessionMedia {
  const stored = new Map<string, Uint8Array>();
  let counter = 0;
  return {
    put(media: MediaInput, owner): MediaReference {
      counter += 1;
      const id = `media-${counter}-${owner.toolUseId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
      const bytes = typeof media.data === 'string' ? Buffer.from(media.data, 'base64') : media.data;
      mkdirSync(join(directory, 'media'), { recursive: true });
      writeFileSync(
        join(directory, 'media', `${id}.${EXTENSIONS[media.mimeType] ?? 'bin'}`),
        bytes,
      );
      stored.set(id, bytes);
      return { id, mimeType: media.mimeType };
    },
    bytes: (id) => stored.get(id),
  };
}
