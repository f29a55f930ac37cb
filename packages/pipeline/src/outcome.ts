import type { PipelineError } from './errors.js';
import type { JsonObject } from './json.js';
import type { PermissionProvenance } from './permissions/provenance.js';
import type { RepairStep } from './repair.js';
import type { CallOrigin, CallSource, MediaReference, PermissionApproval } from './tool-types.js';

/** One call as the caller submits it. */
export interface ToolCallRequest {
  readonly name: string;
  /** The raw arguments (JSON `null` stays distinct from an absent key). */
  readonly input: unknown;
  readonly toolUseId: string;
  /** The enclosing ToolCall envelope's id, for nested calls. */
  readonly parentId?: string;
  /** Defaults to `direct`. */
  readonly source?: CallSource;
  /** Defaults to `model` for direct calls and `programmatic` for nested ones. */
  readonly origin?: CallOrigin;
  /**
   * Told `true` when the call starts waiting for a person (the permission asker, or a handler
   * waiting through `context.waitForPerson`, as Ask does) and `false` when the answer arrives.
   */
  readonly onPermissionWait?: (waiting: boolean) => void;
}

/** The redacted repair facts of a call. */
export interface RepairSummary {
  readonly outcome: 'repaired' | 'invalid' | 'abandoned';
  readonly steps: readonly RepairStep[];
}

/** The one structured outcome that both consumers (ToolCall and provider projection) read. */
export interface ToolOutcome {
  readonly status: 'success' | 'error';
  readonly error: PipelineError | undefined;
  /** The canonical result (what a ToolCall guest sees). */
  readonly result: unknown;
  /** The handler's own result before hooks replaced it; `undefined` if the handler never ran. */
  readonly rawResult: unknown;
  readonly renderData: JsonObject | undefined;
  readonly media: readonly MediaReference[];
  readonly toolName: string;
  readonly toolUseId: string;
  readonly parentId: string | undefined;
  readonly source: CallSource;
  readonly origin: CallOrigin;
  /** The final arguments (after repair, hook rewrite and defaults), or the raw input if rejected. */
  readonly input: unknown;
  /** Hook `additional_context`, in order; the provider projection appends it. */
  readonly context: readonly string[];
  readonly repair: RepairSummary | undefined;
  /** The corrective note of a committed repair; the provider projection appends it. */
  readonly repairNote: string | undefined;
  /** Accepted automatic approvals; never shown to a model. */
  readonly approvals: readonly PermissionApproval[];
  /**
   * How the call's permission was settled (decision, source, rule, segment, answer); undefined
   * when the call ended before the permission step. Frozen, and shared between calls decided
   * by the same rule or mode; never shown to a model.
   */
  readonly permission?: PermissionProvenance | undefined;
  /** Non-fatal problems (a failed render transform, dropped media). */
  readonly warnings: readonly string[];
}

/** A started call: its id, the eventual outcome, and a canceller that settles it once. */
export interface ToolRun {
  readonly toolUseId: string;
  readonly outcome: Promise<ToolOutcome>;
  /**
   * The outcome once the call has settled, else undefined. A call whose steps all finished
   * at once (no asynchronous hook, permission prompt, resource or handler) has settled
   * when `runTool` returns, so a caller can use it without waiting for a microtask.
   */
  readonly settledOutcome?: ToolOutcome | undefined;
  /** Settles the call as cancelled if it has not settled; later continuations are ignored. */
  cancel(): void;
}
