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
      return early.consume === true ? this.#remove(envelopeId) : this.#write(checkpoint);
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
    const held = this.#held.get(envelopeId);
    if (held === undefined) {
      // Still running (the call was cancelled and shown first): commit once it settles.
      if (running) this.#early.set(envelopeId, options);
      return Promise.resolve();
    }
    this.#held.delete(envelopeId);
    return options.consume === true ? this.#remove(envelopeId) : this.#write(held);
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

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}
