import { type QueueEvent, SettledCall, type ToolBinding, ToolDenied } from '@toolcall/interpreter';
import type { Catalog } from '../catalog/catalog.js';
import { isPlainObject, type JsonObject, type JsonValue } from '../json.js';
import type { ToolOutcome, ToolRun } from '../outcome.js';
import type { PermissionProvenance } from '../permissions/provenance.js';
import { feedbackOf } from '../project.js';
import type { Tool } from '../tool-types.js';
import type { ChildAudit, ChildRecord, ChildStatus } from './audit.js';
import {
  boundArguments,
  boundGuestArguments,
  boundRenderData,
  jsonResult,
  previewText,
  resultPreview,
  utf8Length,
} from './bounds.js';
import type { PausableClock } from './pausable-clock.js';
import type { DriverSettings } from './types.js';

function bytesOf(result: unknown): number {
  if (typeof result === 'string') return utf8Length(result);
  try {
    return utf8Length(JSON.stringify(result) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The most characters of a child's error text that reach the guest and the audit. */
const ERROR_TEXT_LIMIT = 2000;

function errorText(outcome: ToolOutcome): string {
  const text =
    typeof outcome.result === 'string' ? outcome.result : (outcome.error?.message ?? 'failed');
  return previewText(text.replace(/^Error:\s*/, ''), ERROR_TEXT_LIMIT);
}

function isDefault(defaults: Tool['defaults'], key: string, value: unknown): boolean {
  for (const [name, fallback] of defaults) {
    if (name !== key) continue;
    return value === fallback || JSON.stringify(value) === JSON.stringify(fallback);
  }
  return false;
}

/**
 * Whether a call ran with other arguments than the guest passed, as when a hook rewrote them.
 * Called only when the pipeline replaced the input object: filling in defaults or dropping a
 * `nil` optional argument also replaces it, but runs what the guest asked for.
 */
function inputRewritten(args: unknown, input: unknown, defaults: Tool['defaults']): boolean {
  if (!isPlainObject(args) || !isPlainObject(input)) return true;
  for (const key in input) {
    if (Object.hasOwn(args, key) ? args[key] !== input[key] : !isDefault(defaults, key, input[key]))
      return true;
  }
  for (const key in args) if (!Object.hasOwn(input, key) && args[key] !== null) return true;
  return false;
}

/** The nested calls of one script: each one through the pipeline, audited once. */
export class NestedCalls {
  /** The first call's outcome: a direct call hands it on; later outcomes are not kept. */
  first: ToolOutcome | undefined;
  /**
   * The script is one direct call: the guest never holds its value, so no result limit
   * applies, and the envelope shows its full arguments (the expression's literals).
   */
  direct = false;
  /** A direct call's arguments as they ran: the guest's, or a hook's rewrite. */
  directArgs: unknown;
  readonly feedback: string[] = [];
  // Slots by call index, not a Map: a Map emptied after every sequential call reallocated
  // its table each time.
  readonly #running: (ToolRun | undefined)[] = [];
  #retained = 0;
  /** `ENVELOPE-ID/`, the start of every child id. */
  readonly #idPrefix: string;

  constructor(
    readonly settings: DriverSettings,
    readonly envelopeId: string,
    readonly audit: ChildAudit,
    readonly clock: PausableClock,
  ) {
    this.#idPrefix = `${envelopeId}/`;
  }

  // One listener for every call: waits nest, so the clock resumes when the last one ends.
  readonly #onPermissionWait = (waiting: boolean): void => {
    if (waiting) this.clock.pause();
    else this.clock.resume();
    this.audit.wait(waiting);
  };

  /**
   * The interpreter's queue observer: a join's calls waiting for a free slot are audited as
   * queued until each starts, or until the interpreter refuses its arguments at its turn.
   */
  readonly onQueued = (event: QueueEvent): void => {
    if (event.type === 'calls-queued')
      this.audit.queue(event.first, event.count, event.tool, event.batch ?? null);
    else this.audit.refuse(event.index);
  };

  /** The interpreter roster of a catalog: every entry, bound to `call`. */
  roster(catalog: Catalog): Record<string, ToolBinding> {
    const tools: Record<string, ToolBinding> = {};
    for (const entry of catalog.entries) {
      const name = entry.tool.name;
      tools[name] = {
        inputSchema: entry.tool.inputSchema as ToolBinding['inputSchema'],
        standaloneOnly: entry.standaloneOnly,
        call: (args, context) => {
          if (context.direct) {
            this.direct = true;
            this.directArgs = args;
          }
          return this.call(entry.tool, args, context.index, context.batch, context.signal);
        },
      };
    }
    return tools;
  }

  /** Cancels the calls still running once the script has stopped waiting for them. */
  cancelRunning(): void {
    for (const run of this.#running) run?.cancel();
    this.audit.cancelRunning();
  }

  /**
   * Starts one nested call through the pipeline. A call that settled at once hands the
   * interpreter a SettledCall, which settles the audit when the script takes it; otherwise
   * a promise of the same result.
   */
  call(
    definition: Tool,
    args: unknown,
    index: number,
    batch: string | undefined,
    signal: AbortSignal,
  ): unknown {
    const { audit, envelopeId, settings } = this;
    const tool = definition.name;
    // childToolUseId's form, without its argument check: the interpreter's index is valid.
    const id = this.#idPrefix + index;
    const record = new ChildRow(
      this,
      index,
      id,
      tool,
      boundGuestArguments(args as Record<string, unknown>, settings.bounds),
      batch ?? null,
    );
    audit.start(record);
    const run = settings.pipeline.runTool({
      name: tool,
      input: args,
      toolUseId: id,
      parentId: envelopeId,
      source: 'ptc',
      onPermissionWait: this.#onPermissionWait,
    });
    const settled = run.settledOutcome;
    if (settled !== undefined) {
      // The same object unless a step replaced it: the common call skips the comparison.
      if (settled.input !== args) this.#auditInput(record, args, settled.input, definition);
      return record.settledWith(settled);
    }
    this.#running[index] = run;
    // Denial, budget stops and cancellation end the evaluation; whatever still runs is then
    // cancelled by cancelRunning, which avoids a listener on every call's signal.
    if (signal.aborted) run.cancel();
    return run.outcome.then((outcome) => {
      this.#running[index] = undefined;
      if (outcome.input !== args) this.#auditInput(record, args, outcome.input, definition);
      return this.settle(record, outcome);
    });
  }

  /** The audit keeps the arguments that ran: a hook's rewrite replaces the guest's. */
  #auditInput(record: ChildRecord, args: unknown, input: unknown, tool: Tool): void {
    if (record.status !== 'running' || !inputRewritten(args, input, tool.defaults)) return;
    record.args = boundArguments(input, this.settings.bounds);
    if (this.direct) this.directArgs = input;
  }

  /** Audits a settled call and returns what the guest sees; a denial throws ToolDenied. */
  settle(record: ChildRecord, outcome: ToolOutcome): unknown {
    const { audit, settings } = this;
    const { bounds, childResultLimit, limits } = settings;
    const { index, tool } = record;
    // Settled already: the script stopped waiting and cancelled it; a late outcome changes nothing.
    if (record.status !== 'running') return { error: 'cancelled' };
    if (index === 1) this.first = outcome;
    if (outcome.context.length > 0 || outcome.repairNote !== undefined) {
      for (const text of feedbackOf(outcome)) this.feedback.push(text);
    }
    record.renderData = boundRenderData(outcome.renderData, bounds);
    record.permission = outcome.permission;
    if (outcome.status === 'error') {
      const message = errorText(outcome);
      if (outcome.error?.code === 'denied') {
        audit.settle(record, 'denied', message);
        throw new ToolDenied(`${tool} (${record.id}): ${message}`);
      }
      const status = outcome.error?.code === 'cancelled' ? 'cancelled' : 'error';
      audit.settle(record, status, message);
      return { error: message };
    }
    if (this.direct) {
      // The guest never holds a direct call's value: the envelope hands on the tool's own
      // result, and the audit (and any checkpoint of it) keeps only a bounded preview.
      record.warning = outcome.warnings.length > 0;
      audit.settle(record, 'success', resultPreview(outcome.result, bounds.directPreview));
      return outcome.result;
    }
    // An oversized result becomes a bounded guest error before the audit keeps it.
    const size = bytesOf(outcome.result);
    let refusal: string | undefined;
    if (size > childResultLimit) {
      refusal = `${tool} result of ${size} bytes exceeds the nested result limit (${childResultLimit} bytes); narrow the call`;
    } else if (this.#retained + size > limits.retainedValues) {
      refusal = `${tool} result of ${size} bytes would exceed the retained-values budget (limit ${limits.retainedValues} bytes)`;
    }
    if (refusal !== undefined) {
      record.renderData = null;
      audit.settle(record, 'error', refusal);
      return { error: refusal };
    }
    this.#retained += size;
    record.warning = outcome.warnings.length > 0;
    audit.settle(record, 'success', jsonResult(outcome.result));
    return outcome.result;
  }
}

/**
 * A nested call's audit row. A class, not a literal: V8 builds rows of one fixed shape
 * faster, and a script keeps thousands of them. While its call has settled inside `runTool`
 * but the script has not yet taken the result, the row is also the SettledCall the
 * interpreter takes (one object per call rather than two); the outcome it holds until
 * then is private, so copies and checkpoints of the row never see it.
 */
class ChildRow extends SettledCall implements ChildRecord {
  declare readonly index: number;
  declare readonly id: string;
  declare readonly tool: string;
  declare args: JsonObject | null;
  declare readonly batch: string | null;
  declare status: ChildStatus;
  declare result: JsonValue;
  declare warning: boolean;
  declare renderData: JsonObject | null;
  declare permission: PermissionProvenance | undefined;
  readonly #calls: NestedCalls;
  #outcome: ToolOutcome | undefined = undefined;

  // Assigned in the record's key order, which checkpoints and copies keep.
  constructor(
    calls: NestedCalls,
    index: number,
    id: string,
    tool: string,
    args: JsonObject | null,
    batch: string | null,
  ) {
    super();
    this.#calls = calls;
    this.index = index;
    this.id = id;
    this.tool = tool;
    this.args = args;
    this.batch = batch;
    this.status = 'running';
    this.result = null;
    this.warning = false;
    this.renderData = null;
    this.permission = undefined;
  }

  /** Holds an outcome that settled inside `runTool` until the script takes it. */
  settledWith(outcome: ToolOutcome): this {
    this.#outcome = outcome;
    return this;
  }

  take(): unknown {
    const outcome = this.#outcome as ToolOutcome;
    this.#outcome = undefined;
    return this.#calls.settle(this, outcome);
  }
}
