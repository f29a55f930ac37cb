const marker = Symbol.for('toolcall.error.RenderError');

/** The reasons a render operation can fail, as stable kebab-case codes. */
export type RenderErrorCode = 'invalid-rendering' | 'invalid-render-data' | 'renderer-failed';

/** An expected failure of @toolcall/render, returned as a value rather than thrown. */
export class RenderError extends Error {
  readonly [marker] = true;
  override readonly name = 'RenderError';
  readonly code: RenderErrorCode;

  constructor(code: RenderErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** Whether `value` is a RenderError, across copies of this package. */
  static isInstance(value: unknown): value is RenderError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
