import { hasAscii } from './bytes.js';
import { type FormatCheck, malformed } from './format-check.js';

// PDF readers look for the end-of-file comment within the last KiB.
const trailerWindow = 1024;

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

/** Checks a PDF's `%PDF-N.N` header and its `%%EOF` trailer comment. */
export function checkPdf(bytes: Uint8Array): FormatCheck {
  if (
    !hasAscii(bytes, 0, '%PDF-') ||
    !isDigit(bytes[5]) ||
    bytes[6] !== 0x2e ||
    !isDigit(bytes[7])
  ) {
    return malformed('missing %PDF-N.N header');
  }
  for (let index = bytes.length - 5; index >= Math.max(8, bytes.length - trailerWindow); index--) {
    if (hasAscii(bytes, index, '%%EOF')) return { valid: true };
  }
  return malformed('PDF is truncated: no %%EOF trailer');
}
