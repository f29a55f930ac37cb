import type { DispatchStatus } from './renderer.js';
import type { RenderData, RenderStatus, ToolCallRecord } from './rendering.js';
import { renderStatuses } from './rendering.js';

const statusSet: ReadonlySet<unknown> = new Set(renderStatuses);

/** Whether a visible result reads as a failure (the handler boundary's `Error:` convention). */
export function isErrorResult(result: unknown): boolean {
  return typeof result === 'string' && result.startsWith('Error:');
}

/** The call's explicit status: the record's own, else the one structured in its render data. */
export function explicitStatus(call: ToolCallRecord): RenderStatus | undefined {
  if (call.status !== undefined) return call.status;
  const fromData = (call.renderData as RenderData | null | undefined)?.status;
  return statusSet.has(fromData) ? (fromData as RenderStatus) : undefined;
}

/** Whether a status is a failure a row cannot hide: an error, or a call that was refused. */
export function isFailureStatus(status: RenderStatus | undefined): boolean {
  return status === 'error' || status === 'denied';
}

/** Picks the renderer key: structured status first, then the visible result; a denial is an error. */
export function dispatchStatus(call: ToolCallRecord): DispatchStatus {
  const explicit = explicitStatus(call);
  if (isFailureStatus(explicit)) return 'error';
  if (explicit !== undefined) return 'success';
  return isErrorResult(call.result) ? 'error' : 'success';
}

/**
 * Merges the pipeline's explicit status with a renderer's visual one: explicit errors and denials
 * win, another explicit outcome overrides an inferred success or error, and warning, running,
 * cancelled, denied and interrupted visuals are kept.
 */
export function mergeStatus(
  explicit: RenderStatus | undefined,
  visual: RenderStatus,
): RenderStatus {
  if (explicit === undefined) return visual;
  if (isFailureStatus(explicit)) return explicit;
  if (visual === 'error' || visual === 'success') return explicit;
  return visual;
}
