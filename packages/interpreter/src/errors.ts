import type { BudgetName } from './limits.js';

const marker = Symbol.for('toolcall.error.InterpreterError');

/** The reasons a interpreter operation can fail, as stable kebab-case codes. */
export type InterpreterErrorCode =
  | 'read-error'
  | 'preflight-error'
  | 'budget-exceeded'
  | 'runtime-error'
  | 'tool-denied'
  | 'cancelled';

/** An expected failure of @toolcall/interpreter, returned as a value rather than thrown. */
export class InterpreterError extends Error {
  readonly [marker] = true;
  override readonly name = 'InterpreterError';
  readonly code: InterpreterErrorCode;
  /** The exceeded budget, when `code` is `budget-exceeded`. */
  readonly budget: BudgetName | undefined;

  constructor(
    code: InterpreterErrorCode,
    message: string,
    options?: { cause?: unknown; budget?: BudgetName },
  ) {
    super(message, options);
    this.code = code;
    this.budget = options?.budget;
  }

  /** Whether `value` is a InterpreterError, across copies of this package. */
  static isInstance(value: unknown): value is InterpreterError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}
