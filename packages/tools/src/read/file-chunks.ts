import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 1 << 20;

/**
 * Yields a file's bytes in chunks through one reused buffer; consumers copy what they keep,
 * so reading deep into a huge file holds one chunk at a time.
 */
export async function* fileChunks(handle: FileHandle): AsyncGenerator<Uint8Array> {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/** Yields an in-memory buffer as one chunk. */
export async function* bufferChunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  if (bytes.length > 0) yield bytes;
}
