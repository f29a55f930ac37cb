import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 1 << 20;

/**
 * Yields a file's bytes in chunks through one reused buffer; consumers copy what they keep,
 * so reading deep into a huge file holds one chunk at a time. At most `maxBytes` are read, so
 * a file that grows while read, or lies about its size, never makes the read unbounded; an
 * aborted `signal` ends it early.
 */
export async function* fileChunks(
  handle: FileHandle,
  { maxBytes = Number.POSITIVE_INFINITY, signal }: { maxBytes?: number; signal?: AbortSignal } = {},
): AsyncGenerator<Uint8Array> {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let left = maxBytes;
  while (left > 0 && signal?.aborted !== true) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK_BYTES, left), null);
    if (bytesRead === 0) return;
    left -= bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** Yields an in-memory buffer as one chunk. */
export async function* bufferChunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  if (bytes.length > 0) yield bytes;
}
