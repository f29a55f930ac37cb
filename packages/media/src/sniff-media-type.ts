import { hasAscii, hasBytes } from './bytes.js';
import { pngSignature } from './check-png.js';
import type { MediaMimeType } from './media-types.js';

/** Names the supported type whose signature starts `bytes`, or undefined when none does. */
export function sniffMediaType(bytes: Uint8Array): MediaMimeType | undefined {
  if (hasBytes(bytes, 0, pngSignature)) return 'image/png';
  if (hasBytes(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (hasAscii(bytes, 0, 'GIF87a') || hasAscii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (hasAscii(bytes, 0, 'RIFF') && hasAscii(bytes, 8, 'WEBP')) return 'image/webp';
  if (hasAscii(bytes, 0, '%PDF-')) return 'application/pdf';
  return undefined;
}
