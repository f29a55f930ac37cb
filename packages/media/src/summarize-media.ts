import type { MediaRecord } from './media-record.js';

type Described = Pick<MediaRecord, 'mimeType' | 'kind' | 'byteLength' | 'width' | 'height'>;

/** One-line description of a record: `image/png 640x480, 12,345 bytes` or `application/pdf document, 9 bytes`. */
export function summarizeMedia({ mimeType, kind, byteLength, width, height }: Described): string {
  const shape =
    kind === 'image' && width !== undefined && height !== undefined ? `${width}x${height}` : kind;
  return `${mimeType} ${shape}, ${byteLength.toLocaleString('en-US')} bytes`;
}

/** The text that stands in for media a model cannot receive, naming why. */
export function describeUndeliveredMedia(record: Described, reason: string): string {
  return `[Media not attached: ${summarizeMedia(record)}; ${reason}]`;
}
