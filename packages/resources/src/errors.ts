const marker = Symbol.for('toolcall.error.ResourceError');

/** The reasons a resources operation can fail, as stable kebab-case codes. */
export type ResourceErrorCode =
  | 'invalid-address'
  | 'unsupported-operation'
  | 'not-found'
  | 'outside-root';

/** An expected failure of @toolcall/resources, returned as a value rather than thrown. */
export class ResourceError extends Error {
  readonly [marker] = true;
  override readonly name = 'ResourceError';
  readonly code: ResourceErrorCode;

  constructor(code: ResourceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** Whether `value` is a ResourceError, across copies of this package. */
  static isInstance(value: unknown): value is ResourceError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
