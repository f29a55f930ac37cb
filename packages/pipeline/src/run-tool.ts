import { CallContext } from './call-context.js';
import { messageOf, NO_MEDIA } from './call-utils.js';
import { PipelineError, type PipelineErrorCode } from './errors.js';
import { copyApprovals, type TelemetryRecord } from './events.js';
import { executeCall } from './execute-call.js';
import { copyJson } from './json.js';
import type { RepairSummary, ToolCallRequest, ToolOutcome, ToolRun } from './outcome.js';
import type { PermissionProvenance } from './permissions/provenance.js';
import { emit, type PipelineCore } from './pipeline-core.js';
import type { CallOrigin, CallSource, PermissionApproval } from './tool-types.js';

const NO_STRINGS: readonly string[] = Object.freeze([]);
const NO_APPROVALS: readonly PermissionApproval[] = Object.freeze([]);

/** One call travelling through the pipeline; settles exactly once. */
export class ToolCallRun implements ToolRun {
  readonly toolUseId: string;
  settledOutcome: ToolOutcome | undefined = undefined;
  readonly core: PipelineCore;
  readonly name: string;
  readonly source: CallSource;
  readonly origin: CallOrigin;
  readonly parentId: string | undefined;
  readonly context: CallContext;
  readonly onPermissionWait: ((waiting: boolean) => void) | undefined;
  input: unknown;
  settled = false;
  hookContext: string[] | undefined;
  warnings: string[] | undefined;
  approvals: PermissionApproval[] | undefined;
  permission: PermissionProvenance | undefined = undefined;
  repair: RepairSummary | undefined;
  repairNote: string | undefined;
  #outcome: Promise<ToolOutcome> | undefined;
  #resolve: ((outcome: ToolOutcome) => void) | undefined;
  readonly #startedAt: number;

  constructor(core: PipelineCore, request: ToolCallRequest) {
    this.core = core;
    this.name = request.name;
    this.toolUseId = request.toolUseId;
    this.parentId = request.parentId;
    this.source = request.source ?? 'direct';
    this.origin = request.origin ?? (this.source === 'ptc' ? 'programmatic' : 'model');
    this.input = request.input;
    this.onPermissionWait = request.onPermissionWait;
    this.context = new CallContext(this.name, this.toolUseId, this.parentId, this.source);
    // A handler waiting for a person is told to the same listener as a permission prompt.
    if (this.onPermissionWait !== undefined) this.context.reportPersonWaitsTo(this);
    this.#startedAt = core.telemetry === undefined ? 0 : core.now();
  }

  /** Made on first use: a caller that reads `settledOutcome` never pays for the promise. */
  get outcome(): Promise<ToolOutcome> {
    if (this.#outcome === undefined) {
      const settled = this.settledOutcome;
      this.#outcome =
        settled !== undefined
          ? Promise.resolve(settled)
          : new Promise((resolve) => {
              this.#resolve = resolve;
            });
    }
    return this.#outcome;
  }

  /** Starts the steps; `executeCall` settles every failure, even a programmer's, as an error. */
  start(): this {
    void executeCall(this);
    return this;
  }

  cancel(): void {
    if (this.settled) return;
    // Taken before the cleanups run, while the handler's state still shows the work in flight.
    const renderData = this.context.cancelRenderData();
    for (const error of this.context.cancel())
      this.warn(`A cancel cleanup threw: ${messageOf(error)}`);
    this.fail('cancelled', 'The tool call was cancelled.', { renderData });
  }

  /** Tells `onPermissionWait` the call started or stopped waiting for a person; a throwing listener warns. */
  notifyPersonWait(waiting: boolean): void {
    try {
      this.onPermissionWait?.(waiting);
    } catch (error) {
      this.warn(`onPermissionWait failed: ${messageOf(error)}`);
    }
  }

  warn(message: string): void {
    if (this.warnings === undefined) this.warnings = [];
    this.warnings.push(message);
    this.core.onWarning?.(message);
  }

  addContext(text: string): void {
    if (this.hookContext === undefined) this.hookContext = [];
    this.hookContext.push(text);
  }

  addApproval(approval: PermissionApproval): void {
    if (this.approvals === undefined) this.approvals = [];
    this.approvals.push(approval);
  }

  /** Settles as a canonical error; `result` defaults to `Error: message`. */
  fail(
    code: PipelineErrorCode,
    message: string,
    extra: { result?: unknown; rawResult?: unknown; renderData?: unknown } = {},
  ): void {
    const error = new PipelineError(code, message);
    this.settle({
      status: 'error',
      error,
      result: 'result' in extra ? extra.result : `Error: ${message}`,
      rawResult: extra.rawResult,
      renderData: extra.renderData as ToolOutcome['renderData'],
      media: NO_MEDIA,
    });
  }

  settle(
    parts: Pick<ToolOutcome, 'status' | 'error' | 'result' | 'rawResult' | 'renderData' | 'media'>,
  ): void {
    this.settleWith(
      parts.status,
      parts.error,
      parts.result,
      parts.rawResult,
      parts.renderData,
      parts.media,
    );
  }

  /** `settle` by position, so the common call builds no parts object. */
  settleWith(
    status: ToolOutcome['status'],
    error: ToolOutcome['error'],
    result: unknown,
    rawResult: unknown,
    renderData: ToolOutcome['renderData'],
    media: ToolOutcome['media'],
  ): void {
    if (this.settled) return;
    this.settled = true;
    // Explicit fields, not a spread: spreading here made V8 build slow dictionary objects.
    const outcome: ToolOutcome = {
      status,
      error,
      result,
      rawResult,
      renderData,
      media,
      toolName: this.name,
      toolUseId: this.toolUseId,
      parentId: this.parentId,
      source: this.source,
      origin: this.origin,
      input: this.input,
      // Copies, so a late continuation cannot change a settled outcome.
      context: this.hookContext?.slice() ?? NO_STRINGS,
      repair: this.repair,
      repairNote: this.repairNote,
      approvals: this.approvals?.slice() ?? NO_APPROVALS,
      permission: this.permission,
      warnings: this.warnings?.slice() ?? NO_STRINGS,
    };
    const core = this.core;
    if (core.listeners.length > 0) {
      emit(core, () => ({ type: 'settled', ...this.identity(), outcome: copyOutcome(outcome) }));
    }
    if (core.telemetry !== undefined) {
      try {
        core.telemetry({
          tool: this.name,
          toolUseId: this.toolUseId,
          parentId: this.parentId,
          origin: this.origin,
          source: this.source,
          outcome: outcome.status,
          errorCode: outcome.error?.code,
          validation: this.repair?.outcome ?? 'valid',
          rules: this.repair?.steps.map((step) => step.rule) ?? [],
          permission: telemetryPermission(this.permission),
          durationMs: core.now() - this.#startedAt,
        });
      } catch (error) {
        core.onWarning?.(`Telemetry failed: ${messageOf(error)}`);
      }
    }
    this.settledOutcome = outcome;
    this.#resolve?.(outcome);
  }

  identity() {
    return {
      toolName: this.name,
      toolUseId: this.toolUseId,
      parentId: this.parentId,
      source: this.source,
      input: copyJson(this.input),
    };
  }
}

// The redacted permission of a telemetry record, shared per provenance record.
const redacted = new WeakMap<PermissionProvenance, TelemetryRecord['permission']>();

function telemetryPermission(
  permission: PermissionProvenance | undefined,
): TelemetryRecord['permission'] {
  if (permission === undefined) return undefined;
  let found = redacted.get(permission);
  if (found === undefined) {
    found = Object.freeze({
      decision: permission.decision,
      source: permission.source,
      ...(permission.rule === undefined ? {} : { rule: permission.rule }),
    });
    redacted.set(permission, found);
  }
  return found;
}

/** A deep copy of an outcome for observers. */
export function copyOutcome(outcome: ToolOutcome): ToolOutcome {
  return {
    ...outcome,
    result: copyJson(outcome.result),
    rawResult: copyJson(outcome.rawResult),
    renderData: copyJson(outcome.renderData),
    media: outcome.media.map((item) => ({ ...item })),
    input: copyJson(outcome.input),
    context: [...outcome.context],
    approvals: copyApprovals(outcome.approvals),
    warnings: [...outcome.warnings],
  };
}
