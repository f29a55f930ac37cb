import type { Transform } from 'node:stream';
import type * as Zlib from 'node:zlib';

/** A decoder for a Content-Encoding (`undefined` for identity or unknown); `first` is the body's first byte. */
export function createContentDecoder(
  zlib: typeof Zlib,
  encoding: string,
  first: number | undefined,
): Transform | undefined {
  const { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } = zlib;
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    // Servers send both zlib-wrapped and raw deflate; a zlib header starts with 0x?8.
    case 'deflate':
      return first !== undefined && (first & 0x0f) === 8 ? createInflate() : createInflateRaw();
    default:
      return undefined;
  }
}
