import type { JsonObject, JsonSchema } from './json.js';

const deniedMarker = Symbol.for('toolcall.error.ToolDenied');
const settledMarker = Symbol.for('toolcall.SettledCall');

/** Thrown by a tool binding when permission is denied: it aborts the whole script. */
export class ToolDenied extends Error {
  readonly [deniedMarker] = true;
  override readonly name = 'ToolDenied';

  /** Whether `value` is a ToolDenied, across copies of this package. */
  static isInstance(value: unknown): value is ToolDenied {
    return typeof value === 'object' && value !== null && deniedMarker in value;
  }
}

/**
 * A tool call that settled while `call` ran. The interpreter takes its result when it
 * resumes the script, exactly where it would have taken a resolved promise's (a parallel
 * join takes its calls in the order they settled), but without waiting for a microtask.
 */
export abstract class SettledCall {
  /** Returns the raw result, or throws as a rejected call would (ToolDenied aborts the script). */
  abstract take(): unknown;

  /** Whether `value` is a SettledCall, across copies of this package. */
  static isInstance(value: unknown): value is SettledCall {
    return typeof value === 'object' && value !== null && settledMarker in value;
  }
}
// On the prototype, so a settlement costs no extra own property.
Object.defineProperty(SettledCall.prototype, settledMarker, { value: true });

/** The context a tool call receives: its 1-based call index, parallel batch id, whether the script is one direct call, and cancellation signal. */
export type ToolCallContext = {
  index: number;
  batch?: string;
  /** The script is exactly this one call (its outcome is the tool's own result). */
  direct: boolean;
  /** Shared by the evaluation's calls: aborts when the evaluation stops waiting for them (cancellation, denial, budget stop). */
  signal: AbortSignal;
};

/** One tool of the closed roster a script may call. */
export type ToolBinding = {
  /**
   * Drives the keyword-plist → JSON projection and key conversion; its `properties` (unless
   * `additionalProperties` admits others) are also the keywords preflight accepts in a
   * literal call, and its `required` names are marked when preflight lists them.
   */
  inputSchema?: JsonSchema;
  /** The tool must be the entire expression (no composition), checked in preflight and at run time. */
  standaloneOnly?: boolean;
  /**
   * Runs the tool: resolves to a JSON value or string; `{ error: string }` is a failure;
   * throwing ToolDenied aborts the script. A call that finished at once may return its
   * result (or a SettledCall) instead of a promise: the script then goes on without
   * waiting for a microtask, with the same results and events.
   */
  call(args: JsonObject, context: ToolCallContext): unknown;
};

/** The audit record of one nested call. */
export type CallRecord = {
  index: number;
  tool: string;
  /** The JSON arguments sent, or undefined when the arguments were refused before dispatch. */
  arguments: JsonObject | undefined;
  batch?: string;
  direct: boolean;
  status: 'success' | 'error' | 'denied' | 'cancelled';
  /** The tool's own result, kept only for a direct call (a composed script's guest already holds its value). */
  result?: unknown;
  error?: string;
};

/** A join's call waiting for a free slot under the parallelism cap; its index is already fixed. */
export type QueuedCall = { type: 'call-queued'; index: number; tool: string; batch?: string };

/**
 * Consecutive calls of one join, all of `tool`, waiting for a free slot: indexes `first` to
 * `first + count - 1`. A `parallel-map` queues one such run; a `parallel` one per run of
 * calls to the same tool.
 */
export type QueuedCalls = {
  type: 'calls-queued';
  first: number;
  count: number;
  tool: string;
  batch?: string;
};

/**
 * What `onQueued` observes: calls joining the queue, or a queued call leaving it without
 * starting because its arguments were refused when its turn came (the guest gets the error).
 */
export type QueueEvent =
  | QueuedCalls
  | { type: 'call-refused'; index: number; tool: string; batch?: string; error: string };

/** A call lifecycle event: `call-queued` when a parallel call waits for a free slot, `call-start` when dispatched, `call-end` when settled. */
export type CallEvent =
  | QueuedCall
  | { type: 'call-start'; index: number; tool: string; arguments: JsonObject; batch?: string }
  | {
      type: 'call-end';
      index: number;
      tool: string;
      batch?: string;
      status: CallRecord['status'];
      error?: string;
    };

/** The host clock: time in milliseconds and timers (inject a fake one in tests or other hosts). */
export type Clock = {
  /** Monotonic milliseconds from an arbitrary origin: only differences count. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Returns to the event loop once; defaults to setImmediate, else a MessageChannel, else setTimeout 0. */
  yield?(): Promise<void>;
};
