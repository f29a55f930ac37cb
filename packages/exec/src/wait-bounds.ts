/** A wait as requested by the caller and as it was actually applied. */
export interface WaitRecord {
  /** The requested wait in milliseconds, when one was given. */
  requestedMs: number | undefined;
  /** The wait that was applied after defaults and clamping. */
  effectiveMs: number;
  /** A corrective note when the request was out of range, for the repair pipeline to surface. */
  note?: string;
}

/** The bounds of one kind of wait. */
export interface WaitBounds {
  defaultMs: number;
  minMs: number;
  maxMs: number;
}

/** Bash's `yield_time_ms`: default 10,000 within 250–30,000. */
export const BASH_YIELD: WaitBounds = { defaultMs: 10_000, minMs: 250, maxMs: 30_000 };
/** An empty-chars WriteStdin poll: default 5,000 within 5,000–300,000. */
export const POLL_WAIT: WaitBounds = { defaultMs: 5_000, minMs: 5_000, maxMs: 300_000 };
/** A WriteStdin input write: default 250 within 250–30,000. */
export const INPUT_WAIT: WaitBounds = { defaultMs: 250, minMs: 250, maxMs: 30_000 };

/** Applies the default and clamps the requested wait into its bounds, noting any correction. */
export function resolveWait(requestedMs: number | undefined, bounds: WaitBounds): WaitRecord {
  if (requestedMs === undefined) return { requestedMs, effectiveMs: bounds.defaultMs };
  if (typeof requestedMs !== 'number' || !Number.isFinite(requestedMs)) {
    throw new TypeError(
      `yieldTimeMs must be a finite number of milliseconds, received ${String(requestedMs)}`,
    );
  }
  const effectiveMs = Math.min(bounds.maxMs, Math.max(bounds.minMs, Math.round(requestedMs)));
  if (effectiveMs === requestedMs) return { requestedMs, effectiveMs };
  return {
    requestedMs,
    effectiveMs,
    note: `yield_time_ms ${requestedMs} is outside ${bounds.minMs}..${bounds.maxMs}; used ${effectiveMs}.`,
  };
}
