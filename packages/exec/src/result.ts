import type { ExecError } from './errors.js';

/** The value-or-failure shape every expected failure of this package uses. */
export type Result<T> = { success: true; value: T } | { success: false; error: ExecError };

/** Wraps a value as a successful result. */
export function succeed<T>(value: T): Result<T> {
  return { success: true, value };
}

/** Wraps an ExecError as a failed result. */
export function fail<T>(error: ExecError): Result<T> {
  return { success: false, error };
}
