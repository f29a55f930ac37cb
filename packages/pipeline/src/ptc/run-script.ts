import { evaluate } from '@toolcall/interpreter';
import { ChildAudit, type ChildRecord } from './audit.js';
import { previewText, resultPreview } from './bounds.js';
import type { ToolCallCheckpoint } from './checkpoint.js';
import { NestedCalls } from './nested-calls.js';
import { createPausableClock } from './pausable-clock.js';
import { settleScript } from './settle-script.js';
import type { DriverSettings, ScriptOutcome, ScriptRequest, ToolCallSettlement } from './types.js';

/** Runs one ToolCall script: every nested call goes through the same pipeline as `ptc`. */
export async function runScript(
  settings: DriverSettings,
  request: ScriptRequest,
): Promise<ToolCallSettlement> {
  const startedAt = globalThis.performance.now();
  const { envelopeId, catalog } = request;
  const audit = new ChildAudit(
    envelopeId,
    settings.onProgress,
    previewText(request.expression, EXPRESSION_LIMIT),
  );
  const pausable = createPausableClock(settings.clock);
  const calls = new NestedCalls(settings, envelopeId, audit, pausable);
  const tools = calls.roster(catalog);
  settings.journals.set(envelopeId, audit);
  // A cancelled envelope settles at once: its running calls (and any pending permission
  // prompt) are cancelled with it, and its progress ends there.
  const onAbort = (): void => {
    calls.cancelRunning();
    audit.close();
  };
  request.signal?.addEventListener('abort', onAbort, { once: true });
  let outcome: ScriptOutcome;
  let stage = 'the envelope checkpoint could not be written';
  try {
    if (settings.checkpoints !== undefined) {
      await settings.checkpoints.write(journalOf(envelopeId, audit.records, audit.expression));
    }
    stage = 'the interpreter refused the tool roster';
    outcome = await evaluate(request.expression, {
      tools,
      limits: settings.limits,
      parallelism: settings.parallelism,
      clock: pausable.clock,
      // The child audit is the record of every call; the interpreter need not keep its own.
      recordCalls: false,
      onQueued: calls.onQueued,
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
  } catch (error) {
    // Nothing ran: no checkpoint means no nested call may start.
    outcome = {
      success: false,
      error: { kind: 'host', message: `${stage}: ${messageOf(error)}` },
      calls: [],
    };
  } finally {
    settings.journals.delete(envelopeId);
    request.signal?.removeEventListener('abort', onAbort);
  }
  // The script stopped waiting (denial, budget, cancellation): cancel what still runs.
  calls.cancelRunning();
  audit.close();
  const summary = audit.summary();
  const children = audit.release();
  const settlement = settleScript({
    outcome,
    children,
    summary,
    first: calls.first,
    directArgs: calls.directArgs,
    feedback: calls.feedback,
    settings,
  });
  if (settings.telemetry !== undefined) {
    try {
      settings.telemetry({
        name: 'ptc-script',
        outcome: outcome.success ? 'success' : outcome.error.kind,
        budget: outcome.success ? undefined : outcome.error.budget,
        nestedCalls: audit.started,
        durationMs: globalThis.performance.now() - startedAt,
      });
    } catch (error) {
      settings.onWarning?.(`ToolCall telemetry failed: ${messageOf(error)}`);
    }
  }
  if (settings.commits !== undefined) {
    await settings.commits.settled({
      ...journalOf(envelopeId, children, audit.expression),
      state: 'settled',
      settlement: {
        status: settlement.status,
        result: resultPreview(settlement.result, settings.bounds.directPreview),
      },
    });
  }
  return settlement;
}

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/** The most characters of a script's text a checkpoint keeps. */
const EXPRESSION_LIMIT = 2_000;

/** The running checkpoint of a journal: a copy of the child audit's rows as they stand. */
export function journalOf(
  envelopeId: string,
  records: readonly ChildRecord[],
  expression?: string,
): ToolCallCheckpoint {
  return {
    version: 1,
    envelopeId,
    state: 'running',
    ...(expression === undefined ? {} : { expression }),
    children: records.map((record) => ({ ...record })),
  };
}
