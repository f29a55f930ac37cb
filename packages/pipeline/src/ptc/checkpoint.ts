import type { ResultDelivery } from '../project.js';
import type { ChildRecord } from './audit.js';
import { type CheckpointWriter, isWriterEnded } from './checkpoint-writer.js';
import { childCallsOf, summaryOf, type ToolCallRenderData, titleOf } from './render-data.js';
import { workSummary } from './summary-text.js';
import { UNSTARTED_RESULTS } from './unstarted.js';

/** The durable envelope record: written before the first nested call and at settlement. */
export interface ToolCallCheckpoint {
  readonly version: 1;
  readonly envelopeId: string;
  readonly state: 'running' | 'settled';
  /**
   * The script's text, bounded (its first 2,000 characters and a count of the rest), so a
   * recovered script can be shown as what it was; absent in files written before it was kept.
   */
  readonly expression?: string;
  /** The bounded, ordered child audit as of the write (kept in memory between writes). */
  readonly children: readonly ChildRecord[];
  /** Present once settled: the envelope's status and a bounded preview of its result. */
  readonly settlement?: ToolCallCheckpointSettlement;
  /**
   * The process that wrote it, stamped by a store that implements `isWriterRunning`; absent
   * in memory stores and in files written before stores stamped it.
   */
  readonly writer?: CheckpointWriter;
}

/** The settlement a settled checkpoint records. */
export interface ToolCallCheckpointSettlement {
  readonly status: 'success' | 'error';
  /** A bounded preview of the envelope's result. */
  readonly result: string;
  /**
   * How the projected result went to the provider: `inline`, `truncated` or `persisted` (with
   * the artifact address of the full text), and its original character count. Present only
   * when the host committed the settlement after projection (`settlementCommit: 'host'`);
   * absent from checkpoints the driver wrote at settlement and from files written before
   * checkpoints recorded it.
   */
  readonly delivery?: ResultDelivery;
}

/** Where checkpoints are kept; `write` must be durable when it resolves. */
export interface CheckpointStore {
  write(checkpoint: ToolCallCheckpoint): void | PromiseLike<void>;
  list(): readonly ToolCallCheckpoint[] | PromiseLike<readonly ToolCallCheckpoint[]>;
  remove(envelopeId: string): void | PromiseLike<void>;
  /**
   * Whether the process that wrote `checkpoint` (one `list` returned) may still be running,
   * so its script may still be in flight or its settled outcome not yet delivered: another
   * live process sharing the store, or this one. True also when the store cannot tell;
   * false once that process has ended. Recovery leaves the checkpoints of running writers
   * alone. A store without this method is used by one process at a time: every checkpoint
   * it lists counts as left by a process that has ended.
   */
  isWriterRunning?(checkpoint: ToolCallCheckpoint): boolean | PromiseLike<boolean>;
}

/** A settled, interrupted ToolCall record rebuilt from a running checkpoint. */
export interface RecoveredToolCall {
  readonly toolUseId: string;
  readonly toolName: 'ToolCall';
  /** The call's arguments as its checkpoint kept them: the bounded script text, when kept. */
  readonly args: { readonly expression: string } | undefined;
  readonly status: 'error';
  readonly result: string;
  readonly renderData: ToolCallRenderData;
}

/** A store that keeps checkpoints in memory (tests, or hosts with their own persistence). */
export function createMemoryCheckpointStore(): CheckpointStore {
  const saved = new Map<string, string>();
  return {
    write(checkpoint) {
      saved.set(checkpoint.envelopeId, JSON.stringify(checkpoint));
    },
    list: () => [...saved.values()].map((text) => JSON.parse(text) as ToolCallCheckpoint),
    remove(envelopeId) {
      saved.delete(envelopeId);
    },
  };
}

/**
 * The envelope's render data when its call is cancelled while the script runs: the nested
 * calls so far, queued and running ones shown as cancelled, and as feedback for the model (delivered by
 * `projectToolCall`) the bounded summary of the work already done.
 */
export function cancelledRenderData(checkpoint: ToolCallCheckpoint): ToolCallRenderData {
  const children = checkpoint.children.map((child) =>
    child.status === 'running' || child.status === 'queued'
      ? {
          ...child,
          status: 'cancelled' as const,
          result: child.status === 'queued' ? UNSTARTED_RESULTS.cancelled : 'cancelled',
        }
      : child,
  );
  const summary = summaryOf(children);
  return {
    kind: 'toolcall',
    presentation: 'script',
    renderAs: 'ToolCall',
    header: { title: titleOf('ToolCall', summary), status: 'cancelled' },
    summary,
    childCalls: childCallsOf(children),
    returned: null,
    failure: { kind: 'cancelled', budget: null, message: 'the call was cancelled' },
    feedback: [workSummary(children)],
  };
}

const INTERRUPTED =
  'Error: The ToolCall script was interrupted and will not resume; completed nested calls were not rolled back.';

/**
 * Turns one running checkpoint into a settled, interrupted record; queued and running
 * children become interrupted.
 */
export function interruptedRecord(checkpoint: ToolCallCheckpoint): RecoveredToolCall {
  const children = checkpoint.children.map((child) =>
    child.status === 'running' || child.status === 'queued'
      ? {
          ...child,
          status: 'interrupted' as const,
          result:
            child.status === 'queued'
              ? UNSTARTED_RESULTS.interrupted
              : 'Interrupted: the session ended before this call settled.',
        }
      : { ...child },
  );
  const summary = summaryOf(children);
  return {
    toolUseId: checkpoint.envelopeId,
    toolName: 'ToolCall',
    args:
      typeof checkpoint.expression === 'string' ? { expression: checkpoint.expression } : undefined,
    status: 'error',
    result: `${INTERRUPTED}\n\n${workSummary(children)}`,
    renderData: {
      kind: 'toolcall',
      presentation: 'script',
      renderAs: 'ToolCall',
      header: { title: titleOf('ToolCall', summary), status: 'interrupted' },
      summary,
      childCalls: childCallsOf(children),
      returned: null,
      failure: {
        kind: 'interrupted',
        budget: null,
        message: 'the session ended while the script ran',
      },
      feedback: [],
    },
  };
}

/**
 * Recovers a session: every running checkpoint whose writer has ended becomes one settled,
 * interrupted ToolCall record and is consumed. A checkpoint whose writer still runs (see
 * `CheckpointStore.isWriterRunning`; another process using the same store, or this one) is
 * left alone: its script may still be in flight. Settled checkpoints are left for the host to
 * remove once its transcript holds them. In-flight interpreter state was never saved, so
 * nothing resumes.
 */
export async function recoverToolCalls(store: CheckpointStore): Promise<RecoveredToolCall[]> {
  const recovered: RecoveredToolCall[] = [];
  for (const checkpoint of await store.list()) {
    if (checkpoint.state !== 'running') continue;
    if (!(await isWriterEnded(store, checkpoint))) continue;
    recovered.push(interruptedRecord(checkpoint));
    await store.remove(checkpoint.envelopeId);
  }
  return recovered;
}
