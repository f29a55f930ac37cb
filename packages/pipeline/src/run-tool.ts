import { CallContext } from './call-context.js';
import { validatorFor } from './compile-validator.js';
import { PipelineError, type PipelineErrorCode } from './errors.js';
import { copyApprovals } from './events.js';
import { normalizeReturn } from './handler-result.js';
import { runPostHooks, runPreHooks } from './hook-steps.js';
import { copyJson, type JsonObject } from './json.js';
import type { RepairSummary, ToolCallRequest, ToolOutcome, ToolRun } from './outcome.js';
import { decidePermission } from './permission-step.js';
import { factsOf } from './permissions/facts.js';
import { emit, hooksFor, type PipelineCore } from './pipeline-core.js';
import { repairInput } from './repair.js';
import { prepareResources } from './resource-step.js';
import type {
  CallOrigin,
  CallSource,
  MediaInput,
  MediaReference,
  PermissionApproval,
  Tool,
  ToolHandler,
} from './tool-types.js';
import { applyRenderTransform } from './transform-step.js';
import { formatInvalidInput } from './validation-issues.js';
import { contractOf } from './wrap-tool.js';

const ADDRESS = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const NO_STRINGS: readonly string[] = Object.freeze([]);
const NO_MEDIA: readonly MediaReference[] = Object.freeze([]);
const NO_APPROVALS: readonly PermissionApproval[] = Object.freeze([]);

function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'unknown error';
}

/** Fills declared defaults for absent keys, copying only when something is added. */
function withDefaults(tool: Tool, args: Record<string, unknown>): Record<string, unknown> {
  let result = args;
  for (const [key, value] of tool.defaults) {
    if (key in result) continue;
    if (result === args) result = { ...args };
    result[key] = copyJson(value);
  }
  return result;
}

/** One call travelling through the pipeline; settles exactly once. */
export class ToolCallRun implements ToolRun {
  readonly toolUseId: string;
  readonly outcome: Promise<ToolOutcome>;
  readonly core: PipelineCore;
  readonly name: string;
  readonly source: CallSource;
  readonly origin: CallOrigin;
  readonly parentId: string | undefined;
  readonly context: CallContext;
  input: unknown;
  settled = false;
  hookContext: string[] | undefined;
  warnings: string[] | undefined;
  approvals: PermissionApproval[] | undefined;
  repair: RepairSummary | undefined;
  repairNote: string | undefined;
  #resolve!: (outcome: ToolOutcome) => void;
  readonly #startedAt: number;

  constructor(core: PipelineCore, request: ToolCallRequest) {
    this.core = core;
    this.name = request.name;
    this.toolUseId = request.toolUseId;
    this.parentId = request.parentId;
    this.source = request.source ?? 'direct';
    this.origin = request.origin ?? (this.source === 'ptc' ? 'programmatic' : 'model');
    this.input = request.input;
    this.context = new CallContext(this.name, this.toolUseId, this.parentId, this.source);
    this.#startedAt = core.telemetry === undefined ? 0 : core.now();
    this.outcome = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** Starts the steps; every failure, even a programmer's, settles the call as an error. */
  start(): this {
    this.#execute().catch((error: unknown) =>
      this.fail('handler-failed', `The pipeline failed: ${messageOf(error)}`),
    );
    return this;
  }

  cancel(): void {
    if (this.settled) return;
    for (const error of this.context.cancel())
      this.warn(`A cancel cleanup threw: ${messageOf(error)}`);
    this.fail('cancelled', 'The tool call was cancelled.');
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
    extra: { result?: unknown; rawResult?: unknown } = {},
  ): void {
    const error = new PipelineError(code, message);
    this.settle({
      status: 'error',
      error,
      result: 'result' in extra ? extra.result : `Error: ${message}`,
      rawResult: extra.rawResult,
      renderData: undefined,
      media: NO_MEDIA,
    });
  }

  settle(
    parts: Pick<ToolOutcome, 'status' | 'error' | 'result' | 'rawResult' | 'renderData' | 'media'>,
  ): void {
    if (this.settled) return;
    this.settled = true;
    // Explicit fields, not a spread: spreading here made V8 build slow dictionary objects.
    const outcome: ToolOutcome = {
      status: parts.status,
      error: parts.error,
      result: parts.result,
      rawResult: parts.rawResult,
      renderData: parts.renderData,
      media: parts.media,
      toolName: this.name,
      toolUseId: this.toolUseId,
      parentId: this.parentId,
      source: this.source,
      origin: this.origin,
      input: this.input,
      context: this.hookContext ?? NO_STRINGS,
      repair: this.repair,
      repairNote: this.repairNote,
      approvals: this.approvals ?? NO_APPROVALS,
      warnings: this.warnings ?? NO_STRINGS,
    };
    const core = this.core;
    if (core.listeners.length > 0) {
      emit(core, () => ({ type: 'settled', ...this.identity(), outcome: copyOutcome(outcome) }));
    }
    if (core.telemetry !== undefined) {
      try {
        core.telemetry({
          tool: this.name,
          origin: this.origin,
          source: this.source,
          outcome: outcome.status,
          errorCode: outcome.error?.code,
          validation: this.repair?.outcome ?? 'valid',
          rules: this.repair?.steps.map((step) => step.rule) ?? [],
          durationMs: core.now() - this.#startedAt,
        });
      } catch (error) {
        core.onWarning?.(`Telemetry failed: ${messageOf(error)}`);
      }
    }
    this.#resolve(outcome);
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

  async #execute(): Promise<void> {
    const core = this.core;
    if (core.listeners.length > 0) emit(core, () => ({ type: 'started', ...this.identity() }));
    const tool = core.tools.get(this.name);
    if (tool === undefined) return this.fail('unknown-tool', `Unknown tool ${this.name}.`);
    let handler = tool.handler as ToolHandler;
    if (tool.wrapped !== undefined) {
      const source = tool.wrapped.resolve();
      if (contractOf(source.inputSchema) !== tool.wrapped.contract) {
        return this.fail(
          'contract-drift',
          `The input contract of ${tool.name} changed since it was wrapped; re-register the tool before calling it.`,
        );
      }
      handler = source.call;
    }
    if (!this.#validate(tool)) return;
    const hooks = hooksFor(core, tool.name);
    let pre: Awaited<ReturnType<typeof runPreHooks>> | undefined;
    if (hooks.pre.length > 0) {
      pre = await runPreHooks(this, tool, hooks.pre);
      if (pre === undefined || this.settled) return;
    }
    const args = this.input as Record<string, unknown>;
    if (Object.keys(tool.semantics).length > 0) {
      const prepared = prepareResources(this, tool, args);
      const resources = isThenable(prepared) ? await prepared : prepared;
      if (resources === undefined || this.settled) return;
      this.context.resources = resources;
    }
    const facts = factsOf(tool, args);
    const decided = decidePermission(this, tool, facts, pre);
    const admitted = isThenable(decided) ? await decided : decided;
    if (!admitted || this.settled) return;
    if (this.approvals !== undefined) this.context.approvals = copyApprovals(this.approvals);
    if (tool.snapshot && core.snapshots !== undefined) {
      // Resource addresses are not files; their owners track their own history.
      const paths = facts.paths
        .filter((entry) => entry.access === 'write' && !ADDRESS.test(entry.path))
        .map((entry) => entry.path);
      try {
        await core.snapshots.capture(paths);
      } catch (error) {
        return this.fail(
          'handler-failed',
          `Could not capture the before-state: ${messageOf(error)}`,
        );
      }
      if (this.settled) return;
    }
    let returned: unknown;
    try {
      returned = handler(args, this.context);
      if (isThenable(returned)) returned = await returned;
    } catch (error) {
      if (this.settled) return;
      return this.#finish(tool, hooks.failure, {
        status: 'error',
        error: new PipelineError('handler-failed', messageOf(error), { cause: error }),
        result: `Error: ${messageOf(error)}`,
        rawResult: undefined,
        renderData: undefined,
        media: [],
      });
    }
    if (this.settled) return;
    const normalized = normalizeReturn(tool.name, returned);
    if (!normalized.success) {
      return this.#finish(tool, hooks.failure, {
        status: 'error',
        error: normalized.error,
        result: `Error: ${normalized.error.message}`,
        rawResult: undefined,
        renderData: undefined,
        media: [],
      });
    }
    const value = normalized.value;
    const renderData =
      value.renderData === undefined && value.status === 'success'
        ? applyRenderTransform(this, tool, args, value.result)
        : value.renderData;
    const error =
      value.status === 'error'
        ? new PipelineError(
            'handler-failed',
            typeof value.result === 'string'
              ? value.result.replace(/^Error:\s*/, '')
              : `${tool.name} failed.`,
          )
        : undefined;
    return this.#finish(tool, value.status === 'success' ? hooks.post : hooks.failure, {
      status: value.status,
      error,
      result: value.result,
      rawResult: value.result,
      renderData,
      media: value.media,
    });
  }

  /** Validates (repairing model input when allowed); settles and returns false when invalid. */
  #validate(tool: Tool): boolean {
    const core = this.core;
    const validate = validatorFor(tool);
    const repaired = repairInput({
      tool,
      input: this.input,
      validate,
      enabled: core.repair && this.origin === 'model',
    });
    if (repaired.outcome === 'valid') {
      this.input = withDefaults(tool, repaired.input as Record<string, unknown>);
      return true;
    }
    this.repair = { outcome: repaired.outcome, steps: repaired.steps };
    core.repairLog.record({
      tool: tool.name,
      toolUseId: this.toolUseId,
      origin: this.origin,
      source: this.source,
      outcome: repaired.outcome,
      steps: repaired.steps,
      paths: repaired.outcome === 'repaired' ? [] : repaired.issues.map((issue) => issue.path),
    });
    if (repaired.outcome === 'repaired') {
      this.repairNote = repaired.note;
      this.input = withDefaults(tool, repaired.input);
      return true;
    }
    const text = formatInvalidInput(tool.name, repaired.issues);
    this.fail('invalid-arguments', text, { result: text });
    return false;
  }

  /** Runs post or failure hooks, stores media, then settles. */
  async #finish(
    tool: Tool,
    hooks: ReturnType<typeof hooksFor>['post'],
    parts: {
      status: 'success' | 'error';
      error: PipelineError | undefined;
      result: unknown;
      rawResult: unknown;
      renderData: JsonObject | undefined;
      media: readonly MediaInput[];
    },
  ): Promise<void> {
    let current = parts;
    if (hooks.length > 0) {
      const after = await runPostHooks(this, tool, hooks, current);
      if (after === undefined || this.settled) return;
      current = after;
    }
    let media: readonly MediaReference[] = NO_MEDIA;
    if (current.media.length > 0) {
      media = await this.#storeMedia(current.media);
      if (this.settled) return;
    }
    this.settle({
      status: current.status,
      error: current.error,
      result: current.result,
      rawResult: current.rawResult,
      renderData: current.renderData,
      media,
    });
  }

  async #storeMedia(items: readonly MediaInput[]): Promise<MediaReference[]> {
    const sink = this.core.media;
    if (sink === undefined) {
      this.warn(`${items.length} media item(s) dropped: no MediaSink is configured.`);
      return [];
    }
    const references: MediaReference[] = [];
    for (const item of items) {
      try {
        references.push(await sink.put(item, { toolName: this.name, toolUseId: this.toolUseId }));
      } catch (error) {
        this.warn(`A media item could not be stored: ${messageOf(error)}`);
      }
    }
    return references;
  }
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
