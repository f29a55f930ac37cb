import type { BudgetName, Clock, ErrorKind, Limits, Outcome } from '@toolcall/interpreter';
import type { Catalog } from '../catalog/catalog.js';
import type { Pipeline } from '../pipeline.js';
import type { MediaReference } from '../tool-types.js';
import type { ChildAudit, ChildRecord, ToolCallProgress } from './audit.js';
import type { AuditBounds } from './bounds.js';
import type { CheckpointStore } from './checkpoint.js';
import type { ToolCallRenderData } from './render-data.js';
import type { SettlementCommits } from './settlement-commits.js';

/** The one redacted telemetry span of a script: never script text, arguments or results. */
export interface ScriptSpan {
  readonly name: 'ptc-script';
  readonly outcome: 'success' | ErrorKind | 'host';
  readonly budget: BudgetName | undefined;
  readonly nestedCalls: number;
  readonly durationMs: number;
}

/** An interpreter outcome, or a host failure that kept the script from starting. */
export type ScriptOutcome =
  | Outcome
  | {
      success: false;
      error: { kind: 'host'; budget?: undefined; message: string };
      calls: readonly never[];
    };

/** Normalized driver settings (see `ToolCallOptions`). */
export interface DriverSettings {
  readonly pipeline: Pick<Pipeline, 'runTool'>;
  readonly limits: Limits;
  readonly parallelism: number;
  readonly returnedLineThreshold: number;
  readonly childResultLimit: number;
  readonly bounds: AuditBounds;
  readonly onProgress: ((progress: ToolCallProgress) => void) | undefined;
  readonly telemetry: ((span: ScriptSpan) => void) | undefined;
  readonly checkpoints: CheckpointStore | undefined;
  readonly clock: Clock | undefined;
  readonly onWarning: ((message: string) => void) | undefined;
  /** The settlement checkpoints, when there is a checkpoint store. */
  readonly commits: SettlementCommits | undefined;
  /** Journals of running scripts, for an unrelated autosave to capture. */
  readonly journals: Map<string, ChildAudit>;
}

/** One script to run for one request. */
export interface ScriptRequest {
  readonly expression: string;
  readonly envelopeId: string;
  readonly catalog: Catalog;
  readonly signal?: AbortSignal;
}

/** How a script settled, ready to become the envelope's handler result. */
export interface ToolCallSettlement {
  readonly status: 'success' | 'error';
  /** A direct call's own result; otherwise the returned value's text or a bounded error. */
  readonly result: unknown;
  /** A direct call's media, unchanged. */
  readonly media: readonly MediaReference[];
  readonly direct: boolean;
  readonly renderData: ToolCallRenderData;
  readonly children: readonly ChildRecord[];
}
