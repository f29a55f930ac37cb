const marker = Symbol.for('toolcall.error.MediaError');

/** The reasons a media operation can fail, as stable kebab-case codes. */
export type MediaErrorCode =
  | 'invalid-media'
  | 'type-mismatch'
  | 'unsupported-type'
  | 'too-large'
  | 'not-found'
  | 'unavailable'
  | 'read-failed'
  | 'write-failed';

/** Context a MediaError may carry beside its message. */
export interface MediaErrorOptions {
  cause?: unknown;
  recordId?: string;
  mimeType?: string;
}

/** An expected failure of @toolcall/media, returned as a value rather than thrown. */
export class MediaError extends Error {
  readonly [marker] = true;
  override readonly name = 'MediaError';
  readonly code: MediaErrorCode;
  readonly recordId: string | undefined;
  readonly mimeType: string | undefined;

  constructor(code: MediaErrorCode, message: string, options?: MediaErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.recordId = options?.recordId;
    this.mimeType = options?.mimeType;
  }

  /** Whether `value` is a MediaError, across copies of this package. */
  static isInstance(value: unknown): value is MediaError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
