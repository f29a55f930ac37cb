import type { RenderStatus } from './rendering.js';

/** One drawn row of the render tree. */
export interface RenderRow {
  readonly kind: 'row';
  /** Tool-use id of the call (the last call when rows coalesced). */
  readonly id: string;
  readonly tool: string;
  readonly header: string;
  readonly status: RenderStatus;
  /** `false` for a compact event line that cannot be toggled. */
  readonly expandable: boolean;
  /** Whether the row is drawn open. */
  readonly expanded: boolean;
  /** How many consecutive calls this row stands for (coalescing); usually 1. */
  readonly count: number;
  readonly coalesceKey: string | null;
  readonly batch: string | null;
  readonly bodyMode: string;
  /** The body to show when open; null when it was not built (a collapsed summary-only row). */
  readonly body: string | null;
  /** Child rows; null when they were not built. */
  readonly children: readonly RenderItem[] | null;
}

/** Two or more rows that ran concurrently, drawn with a bracketing gutter. */
export interface RenderBatch {
  readonly kind: 'batch';
  readonly batch: string;
  readonly rows: readonly RenderRow[];
}

/** A top-level or child entry of the render tree. */
export type RenderItem = RenderRow | RenderBatch;

/** A renderer problem reported in the tree, as plain JSON. */
export interface RenderWarning {
  readonly code: string;
  readonly message: string;
  readonly callId: string | null;
  readonly tool: string | null;
}

/** A whole transcript's rows, ready for any backend; plain JSON. */
export interface RenderTree {
  readonly version: 1;
  readonly items: readonly RenderItem[];
  readonly warnings: readonly RenderWarning[];
}
