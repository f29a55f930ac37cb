/** Size limits, in bytes, per kind of media. */
export interface MediaLimits {
  /** Largest image accepted (default 10 MiB). */
  imageMaxBytes: number;
  /** Largest PDF accepted (default 25 MiB). */
  documentMaxBytes: number;
}

/** The default limits: 10 MiB images, 25 MiB PDFs. */
export const defaultMediaLimits: Readonly<MediaLimits> = Object.freeze({
  imageMaxBytes: 10 * 1024 * 1024,
  documentMaxBytes: 25 * 1024 * 1024,
});

/** Checks that `value` is a non-negative safe integer, naming `option` in the TypeError otherwise. */
export function requireByteCount(option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(
      `${option} must be a non-negative integer number of bytes, received ${String(value)}`,
    );
  }
  return value;
}

/** Fills in default limits and checks each given one. */
export function normalizeMediaLimits(limits: Partial<MediaLimits> | undefined): MediaLimits {
  const normalized: MediaLimits = Object.assign(Object.create(null), defaultMediaLimits);
  if (limits?.imageMaxBytes !== undefined) {
    normalized.imageMaxBytes = requireByteCount('limits.imageMaxBytes', limits.imageMaxBytes);
  }
  if (limits?.documentMaxBytes !== undefined) {
    normalized.documentMaxBytes = requireByteCount(
      'limits.documentMaxBytes',
      limits.documentMaxBytes,
    );
  }
  return normalized;
}
