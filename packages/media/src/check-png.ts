import { hasAscii, hasBytes, readU32BE } from './bytes.js';
import { crc32 } from './crc32.js';
import { type FormatCheck, malformed, wellFormed } from './format-check.js';

/** The eight bytes every PNG file starts with. */
export const pngSignature: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// Allowed bit depths per colour type (PNG §11.2.2).
const depths: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** Checks a PNG's signature, IHDR (fields and CRC) and chunk chain through IEND. */
export function checkPng(bytes: Uint8Array): FormatCheck {
  if (!hasBytes(bytes, 0, pngSignature)) return malformed('missing PNG signature');
  if (readU32BE(bytes, 8) !== 13 || !hasAscii(bytes, 12, 'IHDR')) {
    return malformed('PNG does not start with an IHDR chunk');
  }
  if (bytes.length < 33) return malformed('PNG is truncated inside IHDR');
  const width = readU32BE(bytes, 16);
  const height = readU32BE(bytes, 20);
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) {
    return malformed(`PNG has invalid dimensions ${width}x${height}`);
  }
  const allowed = depths[bytes[25]!];
  if (allowed === undefined || !allowed.includes(bytes[24]!)) {
    return malformed('PNG has an invalid bit depth or colour type');
  }
  if (bytes[26] !== 0 || bytes[27] !== 0 || bytes[28]! > 1) {
    return malformed('PNG has an invalid compression, filter or interlace method');
  }
  if (crc32(bytes, 12, 29) !== readU32BE(bytes, 29)) return malformed('PNG IHDR CRC mismatch');
  // Walk the chunk chain without CRC-checking the bulk data: lengths and the
  // IEND terminator are what catch truncation, and they cost nothing per byte.
  let position = 33;
  let sawData = false;
  for (;;) {
    const length = readU32BE(bytes, position);
    if (length < 0 || position + 12 > bytes.length) return malformed('PNG is truncated');
    if (length > 0x7fffffff) return malformed('PNG chunk length is out of range');
    for (let index = 4; index < 8; index++) {
      const code = bytes[position + index]! | 0x20;
      if (code < 0x61 || code > 0x7a) return malformed('PNG chunk type is not a letter code');
    }
    const end = position + 12 + length;
    if (end > bytes.length) return malformed('PNG is truncated');
    if (hasAscii(bytes, position + 4, 'IDAT')) sawData = true;
    if (hasAscii(bytes, position + 4, 'IEND')) {
      if (!sawData) return malformed('PNG has no IDAT chunk');
      return wellFormed(width, height);
    }
    position = end;
  }
}
