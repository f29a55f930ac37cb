const marker = Symbol.for('toolcall.error.WebError');

/** The reasons a web retrieval can fail, as stable kebab-case codes. */
export type WebErrorCode =
  | 'invalid-url'
  | 'timed-out'
  | 'aborted'
  | 'network'
  | 'bad-response'
  | 'too-many-redirects'
  | 'redirect-denied'
  | 'blocked-address'
  | 'too-large'
  | 'unsupported-type'
  | 'extraction-failed'
  | 'challenge';

/** An expected failure of WebFetch or WebSearch, returned as a value rather than thrown. */
export class WebError extends Error {
  readonly [marker] = true;
  override readonly name = 'WebError';
  readonly code: WebErrorCode;

  constructor(code: WebErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** Whether `value` is a WebError, across copies of this package. */
  static isInstance(value: unknown): value is WebError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}

/** A web operation's outcome: a value or a WebError. */
export type WebResult<T> =
  | { readonly success: true; readonly value: T }
  | { readonly success: false; readonly error: WebError };

/** Wraps a value as a successful WebResult. */
export function succeed<T>(value: T): WebResult<T> {
  return { success: true, value };
}

/** Builds a failed WebResult with a new WebError. */
export function fail<T>(code: WebErrorCode, message: string, cause?: unknown): WebResult<T> {
  return {
    success: false,
    error: new WebError(code, message, cause === undefined ? undefined : { cause }),
  };
}
