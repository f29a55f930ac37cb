import { readU16BE } from './bytes.js';
import { type FormatCheck, malformed, wellFormed } from './format-check.js';

// How far back from the end an EOI marker may sit, to tolerate padding and
// vendor trailers while still catching a file cut off in its scan data.
const trailerWindow = 64 * 1024;

function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Checks a JPEG's SOI, marker segments up to the first scan, a frame header and an EOI. */
export function checkJpeg(bytes: Uint8Array): FormatCheck {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) {
    return malformed('missing JPEG start-of-image marker');
  }
  let position = 2;
  let width = 0;
  let height = 0;
  for (;;) {
    if (position + 1 >= bytes.length) return malformed('JPEG is truncated');
    if (bytes[position] !== 0xff) return malformed('JPEG marker expected');
    while (bytes[position + 1] === 0xff) position++;
    const marker = bytes[position + 1];
    if (marker === undefined) return malformed('JPEG is truncated');
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x00) {
      return malformed('JPEG has no scan before its end');
    }
    const length = readU16BE(bytes, position + 2);
    if (length < 2) return malformed('JPEG is truncated');
    const end = position + 2 + length;
    if (end > bytes.length) return malformed('JPEG is truncated');
    if (isStartOfFrame(marker)) {
      if (length < 8) return malformed('JPEG frame header is too short');
      height = readU16BE(bytes, position + 5);
      width = readU16BE(bytes, position + 7);
      if (width === 0 || height === 0) {
        return malformed(`JPEG has invalid dimensions ${width}x${height}`);
      }
    }
    if (marker === 0xda) {
      if (width === 0) return malformed('JPEG scan before any frame header');
      return hasEndOfImage(bytes, end) ? wellFormed(width, height) : malformed('JPEG is truncated');
    }
    position = end;
  }
}

// In entropy-coded data 0xFF is always stuffed (FF00) or a restart marker, so an
// FFD9 after the first scan is the end-of-image marker and not pixel data.
function hasEndOfImage(bytes: Uint8Array, scanStart: number): boolean {
  const floor = Math.max(scanStart, bytes.length - trailerWindow);
  for (let index = bytes.length - 2; index >= floor; index--) {
    if (bytes[index] === 0xff && bytes[index + 1] === 0xd9) return true;
  }
  return false;
}
