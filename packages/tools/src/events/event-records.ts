import type { CompletionRecord, MonitorRecord } from '@toolcall/exec';
import type { HandlerContext, ProjectedCall } from '@toolcall/pipeline';
import { formatCompletionRecord } from '../execution/completion-text.js';
import { formatMonitorRecord } from '../execution/monitor-text.js';
import type { ToolSetEvent } from './event-types.js';

/** A handler context carrying only a projected call's identity, for `ownerOf`. */
export function identityContext(call: ProjectedCall): HandlerContext {
  // `ownerOf` is written against a handler's context; a projection has only the call's
  // identity, which is all an owner is decided from.
  return Object.freeze({
    toolName: call.toolName,
    toolUseId: call.toolUseId,
    parentId: undefined,
    source: call.source,
    resources: Object.freeze({}),
    approvals: Object.freeze([]),
    signal: new AbortController().signal,
    onCancel: () => undefined,
  });
}

/** The tool-set event of one Monitor mailbox record. */
export function monitorEvent(record: MonitorRecord, sequence: number): ToolSetEvent {
  const base = {
    sequence,
    owner: record.owner,
    executionId: record.executionId,
    description: record.description,
    wake: record.wake,
    texts: Object.freeze(formatMonitorRecord(record)),
  };
  return record.kind === 'event'
    ? { ...base, type: 'monitor-lines', lines: [...record.lines], omitted: record.omitted }
    : {
        ...base,
        type: 'monitor-end',
        eventCount: record.eventCount,
        termination: record.termination,
        outcome: record.outcome,
        exitCode: record.exitCode,
        notice: record.notice,
      };
}

/** The tool-set event of one completion record. */
export function completionEvent(record: CompletionRecord, sequence: number): ToolSetEvent {
  return {
    type: 'execution-end',
    sequence,
    owner: record.owner,
    executionId: record.executionId,
    wake: record.wake,
    facts: { ...record.facts },
    texts: Object.freeze([formatCompletionRecord(record)]),
  };
}
