import { fail, type WebResult } from './web-error.js';

/** The abort reason of a deadline that passed; its message names the configured timeout. */
export function timeoutError(timeoutMs: number): Error {
  const error = new Error(`timed out after ${timeoutMs / 1000} s`);
  error.name = 'TimeoutError';
  return error;
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

/** A deadline's signal: aborted when the time is up or the caller cancels. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Removes the timer and the listener on the caller's signal. */
  release(): void;
}

/**
 * Starts a deadline `remainingMs` from now; when it passes, the signal aborts with a timeout
 * naming `configuredMs` (the whole call's timeout). An aborted `outer` aborts it too: with
 * the outer timeout when that deadline passed, else as cancelled.
 */
export function startDeadline(
  remainingMs: number,
  configuredMs: number,
  outer: AbortSignal | undefined,
): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(timeoutError(configuredMs)),
    Math.max(0, remainingMs),
  );
  // An outer deadline that passed keeps its own reason, so the message names its timeout.
  const onOuterAbort = () =>
    controller.abort(isTimeout(outer?.reason) ? outer?.reason : new Error('cancelled'));
  if (outer?.aborted) onOuterAbort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    release() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/** The failure an aborted deadline stands for: `timed-out` or `aborted`. */
export function abortFailure<T>(signal: AbortSignal): WebResult<T> {
  const reason = signal.reason as unknown;
  return isTimeout(reason)
    ? fail('timed-out', (reason as Error).message)
    : fail('aborted', 'the request was cancelled');
}

/** What `raceAbort` saw first: the work's value, or the signal's abort. */
export type Raced<T> = { readonly aborted: false; readonly value: T } | { readonly aborted: true };

/**
 * Waits for `work` or for `signal` to abort, whichever comes first, so work that cannot be
 * cancelled (a DNS lookup, an injected saver) never outlasts the deadline. A rejection of
 * `work` before the abort is passed on; the listener is removed either way.
 */
export function raceAbort<T>(work: T | PromiseLike<T>, signal: AbortSignal): Promise<Raced<T>> {
  if (signal.aborted) return Promise.resolve({ aborted: true });
  return new Promise<Raced<T>>((resolve, reject) => {
    const onAbort = () => resolve({ aborted: true });
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(work).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ aborted: false, value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
