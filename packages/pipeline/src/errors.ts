const marker = Symbol.for('toolcall.error.PipelineError');

/** The reasons a pipeline operation can fail, as stable kebab-case codes. */
export type PipelineErrorCode =
  | 'invalid-arguments'
  | 'unknown-tool'
  | 'contract-drift'
  | 'denied'
  | 'hook-failed'
  | 'hook-blocked'
  | 'resource-failed'
  | 'handler-failed'
  | 'cancelled'
  | 'invalid-result'
  | 'invalid-render-data';

/** An expected failure of @toolcall/pipeline, returned as a value rather than thrown. */
export class PipelineError extends Error {
  readonly [marker] = true;
  override readonly name = 'PipelineError';
  readonly code: PipelineErrorCode;

  constructor(code: PipelineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** Whether `value` is a PipelineError, across copies of this package. */
  static isInstance(value: unknown): value is PipelineError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
