const marker = Symbol.for('toolcall.error.RenderError');

/** The reasons a render operation can fail, as stable kebab-case codes. */
export type RenderErrorCode = 'invalid-rendering' | 'invalid-render-data' | 'renderer-failed';

/** Context that names the call a render failure belongs to. */
export interface RenderErrorOptions {
  readonly cause?: unknown;
  /** Tool-use id of the call being rendered, when known. */
  readonly callId?: string;
  /** Tool name of the call being rendered, when known. */
  readonly tool?: string;
}

/** An expected failure of @toolcall/render, returned as a value rather than thrown. */
export class RenderError extends Error {
  readonly [marker] = true;
  override readonly name = 'RenderError';
  readonly code: RenderErrorCode;
  readonly callId: string | undefined;
  readonly tool: string | undefined;

  constructor(code: RenderErrorCode, message: string, options?: RenderErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.callId = options?.callId;
    this.tool = options?.tool;
  }

  /** Whether `value` is a RenderError, across copies of this package. */
  static isInstance(value: unknown): value is RenderError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
