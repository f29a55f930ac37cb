import { summarizeMedia, validateMedia } from '@toolcall/media';
import type { MediaInput } from '@toolcall/pipeline';

/** Image extensions Read returns as media, with the type each declares. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** The type of rendered PDF pages. */
export const PAGE_TYPE = 'image/png';

/** The refusal of media the current model cannot take: `what` is e.g. `image P`. */
export function noMediaInput(what: string, mimeType: string): string {
  return `Cannot read ${what}: the current model does not accept ${mimeType} input`;
}

/** Largest image Read attaches (10 MiB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** An image checked by @toolcall/media: its one-line summary and the media to attach. */
export type ImageAnswer =
  | {
      readonly success: true;
      readonly summary: string;
      readonly media: MediaInput;
      readonly width: number | undefined;
      readonly height: number | undefined;
    }
  | { readonly success: false; readonly message: string };

/** Validates image bytes against the declared type (signature, structure, size). */
export function checkImage(bytes: Uint8Array, mimeType: string, shown: string): ImageAnswer {
  const checked = validateMedia(bytes, { mimeType, limits: { imageMaxBytes: MAX_IMAGE_BYTES } });
  if (!checked.success) {
    return { success: false, message: `Cannot read image ${shown}: ${checked.error.message}` };
  }
  return {
    success: true,
    summary: summarizeMedia(checked.value),
    media: { mimeType: checked.value.mimeType, data: bytes },
    width: checked.value.width,
    height: checked.value.height,
  };
}
