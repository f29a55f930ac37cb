/**
 * The visual states a row can show; only `success` and `error` are pipeline outcomes. `denied` is
 * a call a permission check or hook refused; `interrupted` one the session ended before it settled.
 */
export const renderStatuses = [
  'success',
  'error',
  'warning',
  'running',
  'cancelled',
  'denied',
  'interrupted',
] as const;

/** A row's visual state. */
export type RenderStatus = (typeof renderStatuses)[number];

/** A JSON value, as carried in render data. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** Render data: the bounded, model-hidden JSON object a handler or transform attached to a call. */
export type RenderData = { readonly [key: string]: JsonValue };

/** One tool call as the renderer layer sees it: a top-level call or a compound tool's child. */
export interface ToolCallRecord {
  /** Tool-use id (children of a ToolCall envelope use `ENVELOPE-ID/N`). */
  readonly id: string;
  /** The tool name whose renderer draws this call. */
  readonly tool: string;
  /** The final, validated arguments. */
  readonly args?: unknown;
  /** The visible result; usually a string, `undefined` while running. */
  readonly result?: unknown;
  /** Explicit pipeline or lifecycle status; overrides the visible-result guess. */
  readonly status?: RenderStatus;
  /** Calls sharing a batch id ran concurrently and are bracketed together. */
  readonly batch?: string;
  /** Decoded render data, if any. */
  readonly renderData?: RenderData | null;
}

/** A child call inside a compound tool's rendering; rendered by its own tool's renderer. */
export type ChildCall = ToolCallRecord;

/** What a renderer returns for one call: header, body and disclosure decisions. */
export interface Rendering {
  /** One-line summary shown on the row. */
  readonly header: string;
  /** Full body shown when the row is expanded; may be omitted in summary-only mode. */
  readonly body?: string;
  /** Shorter body shown only when the row is expanded by default. */
  readonly previewBody?: string;
  /** Format hint for the body, such as `diff`, `grep`, `markdown`, `shell`, `json`, `text`. */
  readonly bodyMode?: string;
  /** Visual status; merged with the call's explicit status. */
  readonly status?: RenderStatus;
  /** `false` draws a compact event line that cannot be toggled (default `true`). */
  readonly expandable?: boolean;
  /** `true` draws nothing for this call. */
  readonly hidden?: boolean;
  /** Consecutive visible rows with the same key collapse into the last one, with a count. */
  readonly coalesceKey?: string;
  /** Calls this compound tool made; each becomes its own row while this row is expanded. */
  readonly childCalls?: readonly ChildCall[];
  /** Whether the row starts collapsed (default `true`). */
  readonly initiallyCollapsed?: boolean;
}
