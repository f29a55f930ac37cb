import type { MediaDigest } from './media-record.js';

function toHex(buffer: ArrayBuffer): string {
  let hex = '';
  for (const byte of new Uint8Array(buffer)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** SHA-256 through Web Crypto, available in Node 20, Deno, Bun and browsers. */
export const webCryptoSha256: MediaDigest = async (bytes) => {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) {
    throw new TypeError('digest must be given where globalThis.crypto.subtle is unavailable');
  }
  return toHex(await subtle.digest('SHA-256', bytes));
};

/** Returns a fresh 128-bit random record id as 32 lower-case hex digits. */
export function createRecordId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes.buffer);
}
