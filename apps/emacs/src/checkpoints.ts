import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CheckpointStore,
  isWriterEnded,
  type RecoveredToolCall,
  recoverToolCalls,
  type ToolCallCheckpoint,
} from '@toolcall/pipeline';
import { createFileCheckpointStore } from '@toolcall/pipeline/node';

/** How often the journals of running scripts are written (an unrelated, idle autosave). */
export const AUTOSAVE_INTERVAL_MS = 1_000;

/** The bridge's ToolCall checkpoints: the store ToolCall writes, its autosave and its cleanup. */
export interface BridgeCheckpoints {
  /** The store for the tool set; every write and removal runs one at a time, in order. */
  readonly store: CheckpointStore;
  /** Writes the changed journals of running scripts every `AUTOSAVE_INTERVAL_MS` until `stop`. */
  autosave(journals: () => readonly ToolCallCheckpoint[]): void;
  /**
   * Turns the checkpoints an ended bridge left running into interrupted records (consuming
   * them) and removes settled ones it left. A running bridge's checkpoints (another Emacs's,
   * sharing the directory) are left alone: their scripts may still be in flight.
   */
  recover(): Promise<RecoveredToolCall[]>;
  /**
   * Creates the directory if needed and writes and removes a probe file in it; rejects when
   * checkpoints cannot be written there (a read-only home, a path that cannot be created).
   */
  probe(): Promise<void>;
  /** The outcome of `envelopeId` reached Emacs: no later autosave may bring its checkpoint back. */
  delivered(envelopeId: string): void;
  /** Stops the autosave; waits for the writes already queued. */
  stop(): Promise<void>;
}

/**
 * The checkpoints in `directory`, one file per envelope, each written to a temporary file and
 * renamed over the old one. Writes are serialized, so an autosave that read a running journal
 * lands before the settlement queued after it.
 */
export function createBridgeCheckpoints(directory: string): BridgeCheckpoints {
  const files = createFileCheckpointStore(directory);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => T | PromiseLike<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => {});
    return next;
  };
  // What each running journal held when last written, so an unchanged one is not written again.
  const written = new Map<string, string>();
  const delivered = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const store: CheckpointStore = {
    write: (checkpoint) =>
      serial(async () => {
        // A cancelled script settles after its outcome went out: its checkpoint stays gone.
        if (delivered.has(checkpoint.envelopeId)) return;
        await files.write(checkpoint);
      }),
    list: () => serial(() => files.list()),
    remove: (envelopeId) =>
      serial(async () => {
        written.delete(envelopeId);
        await files.remove(envelopeId);
      }),
    isWriterRunning: async (checkpoint) => !(await isWriterEnded(files, checkpoint)),
  };
  // The journals are read when the write runs, not when it is queued: a script that settled
  // meanwhile is no longer among them.
  const save = (journals: () => readonly ToolCallCheckpoint[]) =>
    serial(async () => {
      for (const journal of journals()) {
        if (delivered.has(journal.envelopeId)) continue;
        const text = JSON.stringify(journal.children);
        if (written.get(journal.envelopeId) === text) continue;
        await files.write(journal);
        written.set(journal.envelopeId, text);
      }
    }).catch(() => {
      // A failed autosave is tried again on the next tick; the settlement write still happens.
    });
  return {
    store,
    autosave(journals) {
      if (timer !== undefined) clearInterval(timer);
      timer = setInterval(() => void save(journals), AUTOSAVE_INTERVAL_MS);
      timer.unref();
    },
    recover: async () => {
      const recovered = await recoverToolCalls(store);
      for (const checkpoint of await store.list()) {
        if (checkpoint.state !== 'settled') continue;
        if (await isWriterEnded(store, checkpoint)) await store.remove(checkpoint.envelopeId);
      }
      return recovered;
    },
    probe: () =>
      serial(async () => {
        await mkdir(directory, { recursive: true });
        // Neither a checkpoint nor a writer's temporary file: `list` skips it.
        const file = join(directory, `.probe-${process.pid}-${randomBytes(4).toString('hex')}`);
        await writeFile(file, '');
        await rm(file, { force: true });
      }),
    delivered(envelopeId) {
      delivered.add(envelopeId);
      written.delete(envelopeId);
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await queue;
    },
  };
}
