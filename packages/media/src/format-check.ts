/** What a structural check of one format found: dimensions, or why the bytes are not that format. */
export type FormatCheck =
  | { valid: true; width?: number; height?: number }
  | { valid: false; reason: string };

/** A failed structural check. */
export function malformed(reason: string): FormatCheck {
  return { valid: false, reason };
}

/** A passed structural check with the image's pixel dimensions. */
export function wellFormed(width: number, height: number): FormatCheck {
  return { valid: true, width, height };
}
