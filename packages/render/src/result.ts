import type { RenderError } from './errors.js';

/** An expected outcome: a value on success, a RenderError on failure. */
export type RenderResult<T> =
  | { readonly success: true; readonly value: T }
  | { readonly success: false; readonly error: RenderError };
