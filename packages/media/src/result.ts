import { MediaError, type MediaErrorCode, type MediaErrorOptions } from './errors.js';

/** The outcome of an operation that can fail in an expected way. */
export type MediaResult<T> = { success: true; value: T } | { success: false; error: MediaError };

/** Wraps a value as a successful result. */
export function succeed<T>(value: T): MediaResult<T> {
  return { success: true, value };
}

/** Builds a failed result carrying a new MediaError. */
export function fail<T = never>(
  code: MediaErrorCode,
  message: string,
  options?: MediaErrorOptions,
): MediaResult<T> {
  return { success: false, error: new MediaError(code, message, options) };
}
