import type { Settling } from './tool-result.js';
import { type CallRecord, SettledCall } from './tool-types.js';
import { NIL, type Value } from './values.js';

/** The binding's `call` returned a promise still pending. */
export const RUNNING = 0;
/** It returned a result or a SettledCall. */
export const RETURNED = 1;
/** It threw. */
export const THREW = 2;
/** The arguments were refused before dispatch. */
export const REFUSED = 3;

/**
 * A started call: what its binding's `call` handed back, then how it settled. Its audit
 * record, when one is kept, receives the outcome as the call settles.
 */
export class Started implements Settling {
  /** Its position in a parallel join. */
  at = 0;
  status: CallRecord['status'] = 'error';
  error: string | undefined = undefined;
  result: unknown = undefined;
  value: Value = NIL;
  size = 0;
  constructor(
    readonly index: number,
    readonly tool: string,
    readonly batch: string | undefined,
    /** Kept when the evaluation records its calls, and for the first call. */
    readonly record: CallRecord | undefined,
    /** The promise, the result or SettledCall, the error thrown, or the refusal message. */
    public returned: unknown,
    public state: typeof RUNNING | typeof RETURNED | typeof THREW | typeof REFUSED,
  ) {}

  /** Takes a SettledCall's result (or what it threw) in its place. */
  take(): void {
    const returned = this.returned;
    if (this.state !== RETURNED || !SettledCall.isInstance(returned)) return;
    try {
      this.returned = returned.take();
    } catch (error) {
      this.returned = error;
      this.state = THREW;
    }
  }

  /** Copies how the call settled into its audit record, if it has one. */
  recordOutcome(): void {
    const record = this.record;
    if (record === undefined) return;
    record.status = this.status;
    if (this.error !== undefined) record.error = this.error;
    if (this.status === 'success' && this.result !== undefined) record.result = this.result;
  }
}
