import type { MediaInput, MediaReference, MediaSink } from '@toolcall/pipeline';

/** A media sink whose items a host reads back by id: what the provider adapters take. */
export interface ReadableMediaSink extends MediaSink {
  /** The bytes of an item this sink stored, or `undefined`. */
  read(id: string): Uint8Array | undefined | PromiseLike<Uint8Array | undefined>;
}

/**
 * Creates a media sink that holds each item in memory until it is read once: enough for a
 * harness that sends every result to its model straight away (a session's sink keeps them).
 */
export function createMemoryMediaSink(): ReadableMediaSink {
  const items = new Map<string, Uint8Array>();
  let counter = 0;
  return {
    put(media: MediaInput, owner): MediaReference {
      counter += 1;
      const id = `media-${counter}-${owner.toolUseId}`;
      items.set(
        id,
        typeof media.data === 'string' ? Buffer.from(media.data, 'base64') : media.data,
      );
      return { id, mimeType: media.mimeType };
    },
    read(id) {
      const bytes = items.get(id);
      // Read once: the model has the bytes now, and a long conversation holds none of them.
      items.delete(id);
      return bytes;
    },
  };
}
