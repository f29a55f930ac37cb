import { isPlainObject, type JsonObject } from '../json.js';
import type { ToolOutcome } from '../outcome.js';
import type { ChildRecord } from './audit.js';
import {
  childCallsOf,
  returnedFacts,
  type ToolCallRenderData,
  type ToolCallSummary,
  titleOf,
} from './render-data.js';
import { workSummary } from './summary-text.js';
import type { DriverSettings, ScriptOutcome, ToolCallSettlement } from './types.js';

const NO_MEDIA = Object.freeze([]);

/** Turns an interpreter outcome and the child audit into the envelope's settlement. */
export function settleScript(input: {
  outcome: ScriptOutcome;
  /** The child audit's rows, released to the settlement. */
  children: ChildRecord[];
  /** The rows counted (the audit's `summary()`). */
  summary: ToolCallSummary;
  first: ToolOutcome | undefined;
  /** A direct call's arguments as they ran. */
  directArgs: unknown;
  feedback: readonly string[];
  settings: DriverSettings;
}): ToolCallSettlement {
  const { outcome, children: records, summary, first, directArgs, feedback, settings } = input;
  if (outcome.success && outcome.direct && first !== undefined && records.length === 1) {
    // A direct call is the underlying tool's call: its result, status and media, unchanged.
    // Its audit row already holds the tool's status and a bounded preview of its result (the
    // envelope's result is the displayed one); the envelope's row shows the call as that
    // tool: its full arguments (the expression's literals) and the tool's own render data.
    const renderData: ToolCallRenderData = {
      kind: 'toolcall',
      presentation: 'direct',
      renderAs: first.toolName,
      header: { title: titleOf(first.toolName, summary), status: first.status },
      summary,
      childCalls: childCallsOf(records).map((row) => ({
        ...row,
        args: isPlainObject(directArgs) ? (directArgs as JsonObject) : row.args,
        renderData: first.renderData ?? null,
      })),
      returned: null,
      failure: null,
      feedback: [...feedback],
    };
    return {
      status: first.status,
      result: first.result,
      media: first.media,
      direct: true,
      renderData,
      children: records,
    };
  }
  const base = {
    kind: 'toolcall' as const,
    presentation: 'script' as const,
    renderAs: 'ToolCall',
    summary,
    childCalls: childCallsOf(records),
    feedback: [...feedback],
  };
  if (outcome.success) {
    const text = typeof outcome.json === 'string' ? outcome.json : outcome.printed;
    return {
      status: 'success',
      result: text,
      media: NO_MEDIA,
      direct: false,
      renderData: {
        ...base,
        header: { title: titleOf('ToolCall', summary), status: 'success' },
        returned: returnedFacts(text, settings.returnedLineThreshold),
        failure: null,
      },
      children: records,
    };
  }
  const { kind, budget, message } = outcome.error;
  const head =
    kind === 'tool-denied'
      ? `Error: ToolCall aborted: ${message}`
      : `Error: ToolCall failed (${kind}${budget === undefined ? '' : `: ${budget}`}): ${message}`;
  return {
    status: 'error',
    result:
      records.length === 0 && kind !== 'tool-denied' ? head : `${head}\n\n${workSummary(records)}`,
    media: NO_MEDIA,
    direct: false,
    renderData: {
      ...base,
      header: { title: titleOf('ToolCall', summary), status: 'error' },
      returned: null,
      failure: { kind, budget: budget ?? null, message },
    },
    children: records,
  };
}
