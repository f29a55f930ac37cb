import { hasAscii, readU16LE, readU24LE, readU32LE } from './bytes.js';
import { type FormatCheck, malformed, wellFormed } from './format-check.js';

function checkFirstChunk(bytes: Uint8Array, fourcc: string, start: number, size: number) {
  if (fourcc === 'VP8 ') {
    // Frame tag (3 bytes, key-frame bit clear), start code 9D 01 2A, 14-bit sizes.
    if (size < 10 || (bytes[start]! & 1) !== 0)
      return malformed('WebP VP8 frame is not a key frame');
    if (bytes[start + 3] !== 0x9d || bytes[start + 4] !== 0x01 || bytes[start + 5] !== 0x2a) {
      return malformed('WebP VP8 start code is missing');
    }
    return wellFormed(readU16LE(bytes, start + 6) & 0x3fff, readU16LE(bytes, start + 8) & 0x3fff);
  }
  if (fourcc === 'VP8L') {
    if (size < 5 || bytes[start] !== 0x2f) return malformed('WebP VP8L signature is missing');
    const bits = readU32LE(bytes, start + 1);
    if (bits >>> 29 !== 0) return malformed('WebP VP8L version is not 0');
    return wellFormed((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (fourcc === 'VP8X') {
    if (size < 10) return malformed('WebP VP8X chunk is too short');
    return wellFormed(readU24LE(bytes, start + 4) + 1, readU24LE(bytes, start + 7) + 1);
  }
  return malformed(`WebP starts with an unexpected ${JSON.stringify(fourcc)} chunk`);
}

/** Checks a WebP's RIFF header and size, its chunk chain and the first chunk's frame header. */
export function checkWebp(bytes: Uint8Array): FormatCheck {
  if (!hasAscii(bytes, 0, 'RIFF') || !hasAscii(bytes, 8, 'WEBP')) {
    return malformed('missing RIFF/WEBP signature');
  }
  const riffSize = readU32LE(bytes, 4);
  const end = 8 + riffSize;
  if (riffSize < 12) return malformed('WebP RIFF size is too small');
  if (end > bytes.length) return malformed('WebP is truncated');
  let position = 12;
  let first: FormatCheck | undefined;
  let sawImage = false;
  while (position < end) {
    if (position + 8 > end) return malformed('WebP chunk header is truncated');
    const fourcc = String.fromCharCode(...bytes.subarray(position, position + 4));
    const size = readU32LE(bytes, position + 4);
    const next = position + 8 + size + (size & 1);
    if (position + 8 + size > end) return malformed('WebP chunk overruns the RIFF size');
    if (first === undefined) {
      first = checkFirstChunk(bytes, fourcc, position + 8, size);
      if (!first.valid) return first;
    }
    if (fourcc === 'VP8 ' || fourcc === 'VP8L' || fourcc === 'ANMF') sawImage = true;
    position = next;
  }
  if (first === undefined || !first.valid || !sawImage) return malformed('WebP has no image data');
  if (first.width === 0 || first.height === 0) return malformed('WebP has a zero dimension');
  return first;
}
