import { hasAscii, readU16LE } from './bytes.js';
import { type FormatCheck, malformed, wellFormed } from './format-check.js';

// Skips a chain of data sub-blocks; returns the offset after the terminator or -1.
function skipSubBlocks(bytes: Uint8Array, start: number): number {
  let position = start;
  for (;;) {
    const size = bytes[position];
    if (size === undefined) return -1;
    position += 1 + size;
    if (size === 0) return position;
  }
}

/** Checks a GIF's header, logical screen, block chain and trailer. */
export function checkGif(bytes: Uint8Array): FormatCheck {
  if (!hasAscii(bytes, 0, 'GIF87a') && !hasAscii(bytes, 0, 'GIF89a')) {
    return malformed('missing GIF signature');
  }
  const width = readU16LE(bytes, 6);
  const height = readU16LE(bytes, 8);
  if (bytes.length < 13) return malformed('GIF is truncated');
  if (width === 0 || height === 0)
    return malformed(`GIF has invalid dimensions ${width}x${height}`);
  const flags = bytes[10]!;
  let position = 13 + (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  let images = 0;
  for (;;) {
    const block = bytes[position];
    if (block === undefined) return malformed('GIF is truncated');
    if (block === 0x3b) {
      return images > 0 ? wellFormed(width, height) : malformed('GIF has no image');
    }
    if (block === 0x21) {
      position = skipSubBlocks(bytes, position + 2);
    } else if (block === 0x2c) {
      const imageFlags = bytes[position + 9];
      if (imageFlags === undefined) return malformed('GIF is truncated');
      position += 10 + (imageFlags & 0x80 ? 3 << ((imageFlags & 7) + 1) : 0);
      const codeSize = bytes[position];
      if (codeSize === undefined) return malformed('GIF is truncated');
      if (codeSize < 2 || codeSize > 11) return malformed('GIF has an invalid LZW code size');
      position = skipSubBlocks(bytes, position + 1);
      images++;
    } else {
      return malformed(`GIF has an unknown block 0x${block.toString(16)}`);
    }
    if (position < 0 || position > bytes.length) return malformed('GIF is truncated');
  }
}
