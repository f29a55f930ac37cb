import type { ResourceError } from './errors.js';

/** The value-or-error shape every expected failure in this package takes. */
export type Result<T, E = ResourceError> =
  | { readonly success: true; readonly value: T }
  | { readonly success: false; readonly error: E };

/** Wraps a value as a successful result. */
export function ok<T>(value: T): { readonly success: true; readonly value: T } {
  return { success: true, value };
}

/** Wraps an error as a failed result. */
export function fail<E>(error: E): { readonly success: false; readonly error: E } {
  return { success: false, error };
}
