import {
  type BudgetName,
  type Clock,
  type ErrorKind,
  evaluate,
  type Limits,
  type Outcome,
  type ToolBinding,
  ToolDenied,
} from '@toolcall/interpreter';
import type { Catalog } from '../catalog/catalog.js';
import type { ToolOutcome, ToolRun } from '../outcome.js';
import type { Pipeline } from '../pipeline.js';
import { childToolUseId } from '../pipeline.js';
import { feedbackOf } from '../project.js';
import type { MediaReference } from '../tool-types.js';
import { ChildAudit, type ChildRecord, type ToolCallProgress } from './audit.js';
import {
  type AuditBounds,
  boundArguments,
  boundRenderData,
  jsonResult,
  previewText,
  utf8Length,
} from './bounds.js';
import type { CheckpointStore, ToolCallCheckpoint } from './checkpoint.js';
import { createPausableClock } from './pausable-clock.js';
import type { ToolCallRenderData } from './render-data.js';
import { settleScript } from './settle-script.js';

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

function bytesOf(result: unknown): number {
  if (typeof result === 'string') return utf8Length(result);
  try {
    return utf8Length(JSON.stringify(result) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function errorText(outcome: ToolOutcome): string {
  const text =
    typeof outcome.result === 'string' ? outcome.result : (outcome.error?.message ?? 'failed');
  return text.replace(/^Error:\s*/, '');
}

/** Runs one ToolCall script: every nested call goes through the same pipeline as `ptc`. */
export async function runScript(
  settings: DriverSettings,
  request: ScriptRequest,
): Promise<ToolCallSettlement> {
  const startedAt = globalThis.performance.now();
  const { envelopeId, catalog } = request;
  const audit = new ChildAudit(envelopeId, settings.onProgress);
  const outcomes = new Map<number, ToolOutcome>();
  const feedback: string[] = [];
  const pausable = createPausableClock(settings.clock);
  const { bounds, childResultLimit, limits } = settings;
  let retained = 0;
  const running = new Map<number, ToolRun>();
  const child = async (
    tool: string,
    args: unknown,
    index: number,
    batch: string | undefined,
    signal: AbortSignal,
  ) => {
    const id = childToolUseId(envelopeId, index);
    audit.start({
      index,
      id,
      tool,
      args: boundArguments(args, bounds),
      batch: batch ?? null,
      status: 'running',
      result: null,
      warning: false,
      renderData: null,
    });
    const run = settings.pipeline.runTool({
      name: tool,
      input: args,
      toolUseId: id,
      parentId: envelopeId,
      source: 'ptc',
      onPermissionWait: (waiting) => {
        if (waiting) pausable.pause();
        else pausable.resume();
        audit.wait(waiting);
      },
    });
    running.set(index, run);
    // Denial, budget stops and cancellation end the evaluation; whatever still runs is then
    // cancelled below, which avoids a listener on every call's signal.
    if (signal.aborted) run.cancel();
    const outcome = await run.outcome;
    running.delete(index);
    outcomes.set(index, outcome);
    if (outcome.context.length > 0 || outcome.repairNote !== undefined) {
      for (const text of feedbackOf(outcome)) feedback.push(text);
    }
    const record = audit.record(index) as ChildRecord;
    record.renderData = boundRenderData(outcome.renderData, bounds);
    if (outcome.status === 'error') {
      const message = errorText(outcome);
      if (outcome.error?.code === 'denied') {
        audit.settle(index, 'denied', previewText(message, bounds.argumentsSize));
        throw new ToolDenied(`${tool} (${id}): ${message}`);
      }
      const status = outcome.error?.code === 'cancelled' ? 'cancelled' : 'error';
      audit.settle(index, status, previewText(message, bounds.argumentsSize));
      return { error: message };
    }
    // An oversized result becomes a bounded guest error before the audit keeps it.
    const size = bytesOf(outcome.result);
    let refusal: string | undefined;
    if (size > childResultLimit) {
      refusal = `${tool} result of ${size} bytes exceeds the nested result limit (${childResultLimit} bytes); narrow the call`;
    } else if (retained + size > limits.retainedValues) {
      refusal = `${tool} result of ${size} bytes would exceed the retained-values budget (limit ${limits.retainedValues} bytes)`;
    }
    if (refusal !== undefined) {
      record.renderData = null;
      audit.settle(index, 'error', refusal);
      return { error: refusal };
    }
    retained += size;
    record.warning = outcome.warnings.length > 0;
    audit.settle(index, 'success', jsonResult(outcome.result));
    return outcome.result;
  };
  const tools: Record<string, ToolBinding> = {};
  for (const entry of catalog.entries) {
    tools[entry.tool.name] = {
      inputSchema: entry.tool.inputSchema as ToolBinding['inputSchema'],
      standaloneOnly: entry.standaloneOnly,
      call: (args, context) =>
        child(entry.tool.name, args, context.index, context.batch, context.signal),
    };
  }
  settings.journals.set(envelopeId, audit);
  let outcome: ScriptOutcome;
  let stage = 'the envelope checkpoint could not be written';
  try {
    if (settings.checkpoints !== undefined) {
      await settings.checkpoints.write(journalOf(envelopeId, audit));
    }
    stage = 'the interpreter refused the tool roster';
    outcome = await evaluate(request.expression, {
      tools,
      limits,
      parallelism: settings.parallelism,
      clock: pausable.clock,
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
  } catch (error) {
    // Nothing ran: no checkpoint means no nested call may start.
    outcome = {
      success: false,
      error: { kind: 'host', message: `${stage}: ${(error as Error)?.message ?? String(error)}` },
      calls: [],
    };
  } finally {
    settings.journals.delete(envelopeId);
  }
  // The script stopped waiting (denial, budget, cancellation): cancel what still runs.
  for (const run of running.values()) run.cancel();
  audit.cancelRunning();
  const settlement = settleScript({ outcome, audit, outcomes, feedback, settings });
  if (settings.telemetry !== undefined) {
    try {
      settings.telemetry({
        name: 'ptc-script',
        outcome: outcome.success ? 'success' : outcome.error.kind,
        budget: outcome.success ? undefined : outcome.error.budget,
        nestedCalls: audit.records.length,
        durationMs: globalThis.performance.now() - startedAt,
      });
    } catch (error) {
      settings.onWarning?.(
        `ToolCall telemetry failed: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  }
  if (settings.checkpoints !== undefined) {
    try {
      await settings.checkpoints.write({
        ...journalOf(envelopeId, audit),
        state: 'settled',
        settlement: {
          status: settlement.status,
          result: previewText(
            typeof settlement.result === 'string'
              ? settlement.result
              : (JSON.stringify(settlement.result) ?? ''),
            bounds.directPreview,
          ),
        },
      });
    } catch (error) {
      settings.onWarning?.(
        `The ToolCall settlement checkpoint failed: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  }
  return settlement;
}

/** The running checkpoint of a journal: a copy of the child audit as it stands. */
export function journalOf(envelopeId: string, audit: ChildAudit): ToolCallCheckpoint {
  return {
    version: 1,
    envelopeId,
    state: 'running',
    children: audit.records.map((record) => ({ ...record })),
  };
}
