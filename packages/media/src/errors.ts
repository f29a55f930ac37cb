const marker = Symbol.for('toolcall.error.MediaError');

/** The reasons a media operation can fail, as stable kebab-case codes. */
export type MediaErrorCode =
  | 'invalid-media'
  | 'type-mismatch'
  | 'too-large'
  | 'unavailable'
  | 'write-failed';

/** An expected failure of @toolcall/media, returned as a value rather than thrown. */
export class MediaError extends Error {
  readonly [marker] = true;
  override readonly name = 'MediaError';
  readonly code: MediaErrorCode;

  constructor(code: MediaErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** Whether `value` is a MediaError, across copies of this package. */
  static isInstance(value: unknown): value is MediaError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
