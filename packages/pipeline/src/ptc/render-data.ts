import type { JsonObject, JsonValue } from '../json.js';
import type { ChildRecord } from './audit.js';

/**
 * A child row's display status, one of @toolcall/render's statuses: `denied` is a call a
 * permission check or hook refused; `interrupted` one the session ended before it settled
 * (a recovered checkpoint).
 */
export type ChildCallStatus =
  | 'success'
  | 'error'
  | 'warning'
  | 'running'
  | 'cancelled'
  | 'denied'
  | 'interrupted';

/** One child row, drawn later by that tool's own renderer. */
export interface ChildCall {
  readonly id: string;
  readonly tool: string;
  readonly args: JsonObject | null;
  readonly result: JsonValue;
  readonly status: ChildCallStatus;
  readonly batch: string | null;
  readonly renderData: JsonObject | null;
}

/** A ToolCall envelope's nested calls counted by status, and the parallel batches among them. */
export interface ToolCallSummary {
  readonly calls: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly denied: number;
  readonly cancelled: number;
  readonly interrupted: number;
  readonly batches: number;
}

/** Structured display facts of a settled ToolCall envelope; a renderer draws them. */
export interface ToolCallRenderData {
  readonly kind: 'toolcall';
  /** `direct`: draw as `renderAs` with that tool's renderer; `script`: the script with child rows. */
  readonly presentation: 'direct' | 'script';
  readonly renderAs: string;
  readonly header: {
    readonly title: string;
    readonly status: 'success' | 'error' | 'interrupted' | 'cancelled';
  };
  readonly summary: ToolCallSummary;
  readonly childCalls: readonly ChildCall[];
  /** The returned value's facts; `collapsed` puts it in a trailing, initially collapsed Returned row. */
  readonly returned: {
    readonly lines: number;
    readonly characters: number;
    readonly collapsed: boolean;
  } | null;
  readonly failure: {
    readonly kind: string;
    readonly budget: string | null;
    readonly message: string;
  } | null;
  /**
   * Provider-only notes for the envelope's projection: children's hook context and repair
   * notes, and a cancelled script's summary of the work already done.
   */
  readonly feedback: readonly string[];
}

/** The display status of a child record. */
export function childCallStatus(record: ChildRecord): ChildCallStatus {
  switch (record.status) {
    case 'success':
      return record.warning ? 'warning' : 'success';
    case 'queued':
      // Not yet started: shown as pending, like a running call. A settled script has none.
      return 'running';
    case 'running':
    case 'cancelled':
    case 'denied':
    case 'interrupted':
      return record.status;
    default:
      return 'error';
  }
}

/** The child rows of an audit, in call order. */
export function childCallsOf(records: readonly ChildRecord[]): ChildCall[] {
  // A loop rather than `map`, which V8 ran as its builtin, calling back for every row.
  const rows = new Array<ChildCall>(records.length);
  for (let at = 0; at < records.length; at++) {
    const record = records[at] as ChildRecord;
    rows[at] = {
      id: record.id,
      tool: record.tool,
      args: record.args,
      result: record.result,
      status: childCallStatus(record),
      batch: record.batch,
      renderData: record.renderData,
    };
  }
  return rows;
}

/**
 * Counts of an audit's rows for the header and summary. A live script's audit keeps these
 * counts as its calls settle (`ChildAudit.summary`); this counts rows a checkpoint kept, for
 * a recovered or cancelled envelope.
 */
export function summaryOf(records: readonly ChildRecord[]): ToolCallSummary {
  // One pass: a checkpoint may hold thousands of rows.
  let succeeded = 0;
  let failed = 0;
  let denied = 0;
  let cancelled = 0;
  let interrupted = 0;
  const batches = new Set<string>();
  // A join's calls are consecutive in the audit: a Set insertion per row cost about 100
  // instructions (counted under callgrind) for a lookup that finds the same batch again.
  let last: string | null = null;
  for (const record of records) {
    const status = record.status;
    if (status === 'success') succeeded++;
    else if (status === 'error') failed++;
    else if (status === 'denied') denied++;
    else if (status === 'cancelled') cancelled++;
    else if (status === 'interrupted') interrupted++;
    const batch = record.batch;
    if (batch !== null && batch !== last) {
      batches.add(batch);
      last = batch;
    }
  }
  return {
    calls: records.length,
    succeeded,
    failed,
    denied,
    cancelled,
    interrupted,
    batches: batches.size,
  };
}

/** Facts of a returned value; over `threshold` lines (0 = never) it collapses into a Returned row. */
export function returnedFacts(
  text: string,
  threshold: number,
): NonNullable<ToolCallRenderData['returned']> {
  const lines = text === '' ? 0 : text.split('\n').length;
  return { lines, characters: text.length, collapsed: threshold > 0 && lines > threshold };
}

/** A one-line title: `ToolCall: 3 calls (1 failed)`, or the tool's own name for a direct call. */
export function titleOf(renderAs: string, summary: ToolCallRenderData['summary']): string {
  if (renderAs !== 'ToolCall') return renderAs;
  const notes = [
    summary.failed > 0 ? `${summary.failed} failed` : '',
    summary.denied > 0 ? `${summary.denied} denied` : '',
    summary.cancelled > 0 ? `${summary.cancelled} cancelled` : '',
    summary.interrupted > 0 ? `${summary.interrupted} interrupted` : '',
  ].filter((note) => note !== '');
  const calls = `${summary.calls} call${summary.calls === 1 ? '' : 's'}`;
  return `ToolCall: ${calls}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}
