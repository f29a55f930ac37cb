/** The image types a record can hold. */
export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Every type a record can hold: the images and PDF as a document. */
export type MediaMimeType = ImageMimeType | 'application/pdf';

/** Whether a record is an image or a document. */
export type MediaKind = 'image' | 'document';

/** The supported media types, images first. */
export const mediaMimeTypes: readonly MediaMimeType[] = Object.freeze([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
]);

const aliases: ReadonlyMap<string, MediaMimeType> = new Map(
  Object.entries({
    'image/png': 'image/png',
    'image/x-png': 'image/png',
    'image/jpeg': 'image/jpeg',
    'image/jpg': 'image/jpeg',
    'image/pjpeg': 'image/jpeg',
    'image/gif': 'image/gif',
    'image/webp': 'image/webp',
    'application/pdf': 'application/pdf',
    'application/x-pdf': 'application/pdf',
  } as const),
);

const extensions: ReadonlyMap<string, MediaMimeType> = new Map(
  Object.entries({
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    pdf: 'application/pdf',
  } as const),
);

/** Strips parameters and case from a declared type: `Image/JPG; q=1` → `image/jpg`. */
export function essenceOfMimeType(mimeType: string): string {
  return (mimeType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/** Maps a declared type (aliases included) to a supported type, or undefined. */
export function normalizeMimeType(mimeType: string): MediaMimeType | undefined {
  return aliases.get(essenceOfMimeType(mimeType));
}

/** Maps a file name's extension to a supported type, or undefined. */
export function mimeTypeFromPath(path: string): MediaMimeType | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? undefined : extensions.get(name.slice(dot + 1).toLowerCase());
}

/** The conventional file extension for a supported type. */
export function extensionForMimeType(mimeType: MediaMimeType): string {
  return mimeType === 'image/jpeg'
    ? 'jpg'
    : mimeType === 'application/pdf'
      ? 'pdf'
      : mimeType.slice(6);
}

/** Whether a supported type is an image or a document. */
export function kindOfMimeType(mimeType: MediaMimeType): MediaKind {
  return mimeType === 'application/pdf' ? 'document' : 'image';
}
