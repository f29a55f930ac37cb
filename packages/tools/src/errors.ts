const marker = Symbol.for('toolcall.error.ToolsError');

/** The reasons a tools operation can fail, as stable kebab-case codes. */
export type ToolsErrorCode =
  | 'invalid-tool-set'
  | 'unknown-tool'
  | 'trust-store-unreadable'
  | 'trust-store-unwritable'
  | 'config-unreadable'
  | 'invalid-session-id'
  | 'workspace-unavailable'
  | 'session-unavailable'
  | 'unknown-process'
  | 'process-input-refused';

/** An expected failure of @toolcall/tools, returned as a value rather than thrown. */
export class ToolsError extends Error {
  readonly [marker] = true;
  override readonly name = 'ToolsError';
  readonly code: ToolsErrorCode;

  constructor(code: ToolsErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** Whether `value` is a ToolsError, across copies of this package. */
  static isInstance(value: unknown): value is ToolsError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
