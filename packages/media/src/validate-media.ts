import { checkGif } from './check-gif.js';
import { checkJpeg } from './check-jpeg.js';
import { checkPdf } from './check-pdf.js';
import { checkPng } from './check-png.js';
import { checkWebp } from './check-webp.js';
import type { FormatCheck } from './format-check.js';
import { type MediaLimits, normalizeMediaLimits } from './media-limits.js';
import {
  essenceOfMimeType,
  kindOfMimeType,
  type MediaKind,
  type MediaMimeType,
  normalizeMimeType,
} from './media-types.js';
import { fail, type MediaResult, succeed } from './result.js';
import { sniffMediaType } from './sniff-media-type.js';

/** What validation learnt about a piece of media. */
export interface MediaInfo {
  mimeType: MediaMimeType;
  kind: MediaKind;
  byteLength: number;
  /** Pixel width, for images. */
  width?: number;
  /** Pixel height, for images. */
  height?: number;
}

/** Options for validateMedia. */
export interface ValidateMediaOptions {
  /** The type the producer claimed; the bytes must not contradict it. */
  mimeType?: string | undefined;
  limits?: Partial<MediaLimits> | undefined;
}

const checks: Readonly<Record<MediaMimeType, (bytes: Uint8Array) => FormatCheck>> = {
  'image/png': checkPng,
  'image/jpeg': checkJpeg,
  'image/gif': checkGif,
  'image/webp': checkWebp,
  'application/pdf': checkPdf,
};

// A declaration that says nothing about the format is not a contradiction.
const undeclared = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** Validates bytes by signature and structure against the declared type and size limits. */
export function validateMedia(
  bytes: Uint8Array,
  { mimeType: declared, limits }: ValidateMediaOptions = {},
): MediaResult<MediaInfo> {
  if (!(bytes instanceof Uint8Array)) {
    throw new TypeError(`bytes must be a Uint8Array, received ${typeof bytes}`);
  }
  const { imageMaxBytes, documentMaxBytes } = normalizeMediaLimits(limits);
  const sniffed = sniffMediaType(bytes);
  const essence = declared === undefined ? '' : essenceOfMimeType(declared);
  if (sniffed === undefined) {
    return undeclared.has(essence) || normalizeMimeType(essence) !== undefined
      ? fail('invalid-media', `bytes carry no ${essence || 'supported media'} signature`)
      : fail('unsupported-type', `unsupported media type ${essence}`, { mimeType: essence });
  }
  if (!undeclared.has(essence) && normalizeMimeType(essence) !== sniffed) {
    return fail('type-mismatch', `declared ${essence} but the bytes are ${sniffed}`, {
      mimeType: sniffed,
    });
  }
  const kind = kindOfMimeType(sniffed);
  const maxBytes = kind === 'image' ? imageMaxBytes : documentMaxBytes;
  if (bytes.length > maxBytes) {
    return fail(
      'too-large',
      `${sniffed} of ${bytes.length} bytes exceeds the ${maxBytes}-byte limit`,
      {
        mimeType: sniffed,
      },
    );
  }
  const check = checks[sniffed](bytes);
  if (!check.valid) return fail('invalid-media', check.reason, { mimeType: sniffed });
  const info: MediaInfo = { mimeType: sniffed, kind, byteLength: bytes.length };
  if (check.width !== undefined && check.height !== undefined) {
    info.width = check.width;
    info.height = check.height;
  }
  return succeed(info);
}
