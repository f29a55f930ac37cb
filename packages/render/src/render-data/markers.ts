/** The opening marker up to the owner id. */
export const OPEN_PREFIX = '<!-- toolcall-render-data id="';
/** The end of the opening marker after the owner id. */
export const OPEN_SUFFIX = '" -->';
/** The closing marker. */
export const CLOSE_MARKER = '<!-- /toolcall-render-data -->';
/** Longest accepted owner id. */
export const MAX_ID_LENGTH = 256;
/** Default bound on a payload's JSON text, in UTF-16 code units. */
export const DEFAULT_MAX_PAYLOAD_CHARS = 1024 * 1024;

/** Whether one character may appear in an owner id (printable ASCII, no quote, space or angles). */
export function isIdCode(code: number): boolean {
  return (
    code > 0x20 && code < 0x7f && code !== 0x22 && code !== 0x3c && code !== 0x3e && code !== 0x5c
  );
}

/** Whether `id` can own a render-data block. */
export function isValidOwnerId(id: unknown): id is string {
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) return false;
  for (let index = 0; index < id.length; index += 1) {
    if (!isIdCode(id.charCodeAt(index))) return false;
  }
  return true;
}
