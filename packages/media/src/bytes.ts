// Bounds-checked readers: each returns -1 when the read would run past the end,
// so a truncated file fails a comparison instead of throwing.

/** Reads a big-endian unsigned 16-bit integer, or -1 past the end. */
export function readU16BE(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + 2 > bytes.length) return -1;
  return (bytes[offset]! << 8) | bytes[offset + 1]!;
}

/** Reads a little-endian unsigned 16-bit integer, or -1 past the end. */
export function readU16LE(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + 2 > bytes.length) return -1;
  return bytes[offset]! | (bytes[offset + 1]! << 8);
}

/** Reads a little-endian unsigned 24-bit integer, or -1 past the end. */
export function readU24LE(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + 3 > bytes.length) return -1;
  return bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16);
}

/** Reads a big-endian unsigned 32-bit integer, or -1 past the end. */
export function readU32BE(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + 4 > bytes.length) return -1;
  return (
    bytes[offset]! * 0x1000000 +
    ((bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!)
  );
}

/** Reads a little-endian unsigned 32-bit integer, or -1 past the end. */
export function readU32LE(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + 4 > bytes.length) return -1;
  return (
    bytes[offset + 3]! * 0x1000000 +
    ((bytes[offset + 2]! << 16) | (bytes[offset + 1]! << 8) | bytes[offset]!)
  );
}

/** Whether the ASCII `text` occurs in `bytes` at `offset`. */
export function hasAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (offset < 0 || offset + text.length > bytes.length) return false;
  for (let index = 0; index < text.length; index++) {
    if (bytes[offset + index] !== text.charCodeAt(index)) return false;
  }
  return true;
}

/** Whether `prefix` occurs in `bytes` at `offset`. */
export function hasBytes(bytes: Uint8Array, offset: number, prefix: readonly number[]): boolean {
  if (offset < 0 || offset + prefix.length > bytes.length) return false;
  for (let index = 0; index < prefix.length; index++) {
    if (bytes[offset + index] !== prefix[index]) return false;
  }
  return true;
}
