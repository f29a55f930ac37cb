import type { ResultDelivery } from '../project.js';
import type { CheckpointStore, ToolCallCheckpoint } from './checkpoint.js';

/**
 * When a script's settlement checkpoint is committed. `settlement`: the driver writes it as
 * the script settles. `host`: the host commits it with `ToolCallDriver.commit` once it has
 * projected and kept the result, so a process that dies in between leaves the last running
 * checkpoint, which recovery reports as an interrupted script, instead of a settled one
 * whose outcome nobody saw.
 */
export type SettlementCommit = 'settlement' | 'host';

/** How the host commits a settlement. */
export interface CommitOptions {
  /**
   * Remove the checkpoint rather than write the settled one: for a host whose own transcript
   * now holds the outcome, so the checkpoint has served its purpose (default false).
   */
  readonly consume?: boolean;
  /**
   * How the projection delivered the result (`ProviderResult.delivery`): recorded in the
   * settled checkpoint's `settlement.delivery`, so the checkpoint holds the bounded preview
   * and, for a persisted result, the artifact address of the full text.
   */
  readonly delivery?: ResultDelivery;
}

/** The settlement checkpoints of one driver: written at settlement, or held for the host. */
export class SettlementCommits {
  /** Settled checkpoints waiting for the host's commit. */
  readonly #held = new Map<string, ToolCallCheckpoint>();
  /** Commits that came before their script settled, as for a cancelled call already shown. */
  readonly #early = new Map<string, CommitOptions>();

  constructor(
    readonly mode: SettlementCommit,
    readonly store: CheckpointStore,
    readonly onWarning: ((message: string) => void) | undefined,
  ) {}

  /**
   * A script has settled: its checkpoint is committed now, or held for the host. Held, its
   * final audit is first written as the running checkpoint, so a process that dies before
   * the commit is recovered with every nested call as it ended, not as of the last autosave.
   */
  async settled(checkpoint: ToolCallCheckpoint): Promise<void> {
    const { envelopeId } = checkpoint;
    if (this.mode === 'settlement') return this.#write(checkpoint);
    const early = this.#early.get(envelopeId);
    if (early !== undefined) {
      this.#early.delete(envelopeId);
      return early.consume === true
        ? this.#remove(envelopeId)
        : this.#write(withDelivery(checkpoint, early.delivery));
    }
    this.#held.set(envelopeId, checkpoint);
    const { settlement: _settlement, ...journal } = checkpoint;
    try {
      await this.store.write({ ...journal, state: 'running' });
    } catch (error) {
      this.onWarning?.(
        `The final journal of ToolCall ${envelopeId} could not be written (${messageOf(error)}); until its settlement is committed, recovery would show the audit as last saved.`,
      );
    }
  }

  /** The host has projected and kept a result: commit its script's settlement. */
  commit(envelopeId: string, options: CommitOptions, running: boolean): Promise<void> {
    // With `settlement` the settled checkpoint was written before any projection, so there is
    // nothing to commit and its delivery is not recorded. Rewriting the checkpoint to add it
    // would cost a second durable write per script, could recreate a checkpoint the host has
    // already removed, and would still leave a window in which the settled checkpoint lacks
    // it; a host that wants the record commits after projection with `host`.
    if (this.mode === 'settlement') return Promise.resolve();
    const held = this.#held.get(envelopeId);
    if (held === undefined) {
      // Still running (the call was cancelled and shown first): commit once it settles.
      if (running) this.#early.set(envelopeId, options);
      return Promise.resolve();
    }
    this.#held.delete(envelopeId);
    return options.consume === true
      ? this.#remove(envelopeId)
      : this.#write(withDelivery(held, options.delivery));
  }

  async #write(checkpoint: ToolCallCheckpoint): Promise<void> {
    try {
      await this.store.write(checkpoint);
    } catch (error) {
      // A running checkpoint left behind would be recovered as interrupted although the
      // script settled: remove it.
      let removed = 'it was removed';
      try {
        await this.store.remove(checkpoint.envelopeId);
      } catch (removal) {
        removed = `removing its running checkpoint failed too (${messageOf(removal)}), so recovery will report it interrupted`;
      }
      this.onWarning?.(
        `The ToolCall settlement checkpoint of ${checkpoint.envelopeId} could not be written (${messageOf(error)}); ${removed}.`,
      );
    }
  }

  async #remove(envelopeId: string): Promise<void> {
    try {
      await this.store.remove(envelopeId);
    } catch (error) {
      this.onWarning?.(
        `The ToolCall checkpoint of ${envelopeId} could not be removed (${messageOf(error)}); recovery will report the script interrupted.`,
      );
    }
  }
}

const TRUNCATION_REASONS = new Set(['error', 'no-store', 'store-failed']);

/** Why a commit's delivery record is malformed, or undefined when it is absent or sound. */
export function deliveryProblem(delivery: unknown): string | undefined {
  if (delivery === undefined) return undefined;
  if (typeof delivery !== 'object' || delivery === null) return 'is not an object';
  const { mode, characters, reason, artifact } = delivery as Record<string, unknown>;
  if (typeof characters !== 'number' || !Number.isInteger(characters) || characters < 0) {
    return `characters must be a non-negative integer, received ${String(characters)}`;
  }
  if (mode === 'inline') return undefined;
  if (mode === 'truncated') {
    return TRUNCATION_REASONS.has(reason as string)
      ? undefined
      : `reason must be 'error', 'no-store' or 'store-failed', received ${String(reason)}`;
  }
  if (mode === 'persisted') {
    return typeof artifact === 'string' && artifact !== ''
      ? undefined
      : 'artifact must be the address of the stored text';
  }
  return `mode must be 'inline', 'truncated' or 'persisted', received ${String(mode)}`;
}

/** The settled checkpoint with the projection's delivery record, when the host gave one. */
function withDelivery(
  checkpoint: ToolCallCheckpoint,
  delivery: ResultDelivery | undefined,
): ToolCallCheckpoint {
  if (delivery === undefined || checkpoint.settlement === undefined) return checkpoint;
  return { ...checkpoint, settlement: { ...checkpoint.settlement, delivery: { ...delivery } } };
}

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}
