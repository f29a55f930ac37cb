const marker = Symbol.for('toolcall.error.ExecError');

/** The reasons a exec operation can fail, as stable kebab-case codes. */
export type ExecErrorCode =
  | 'spawn-failed'
  | 'timed-out'
  | 'output-limit'
  | 'output-write-failed'
  | 'process-limit'
  | 'sandbox-unavailable'
  | 'sandbox-failed'
  | 'background-refused'
  | 'escalation-refused'
  | 'input-refused'
  | 'owner-retired'
  | 'not-found'
  | 'invalid-request'
  | 'not-root-owner'
  | 'refused';

/** An expected failure of @toolcall/exec, returned as a value rather than thrown. */
export class ExecError extends Error {
  readonly [marker] = true;
  override readonly name = 'ExecError';
  readonly code: ExecErrorCode;

  constructor(code: ExecErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** Whether `value` is a ExecError, across copies of this package. */
  static isInstance(value: unknown): value is ExecError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
