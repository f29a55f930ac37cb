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

/** A session's ToolCall checkpoints: the store ToolCall writes, its autosave and its cleanup. */
export interface SessionCheckpoints {
  /** The store to give the tool set; every write and removal runs one at a time, in order. */
  readonly store: CheckpointStore;
  /**
   * Writes the running journals every `AUTOSAVE_INTERVAL_MS` (an unref'd timer) until `stop`;
   * a journal is written again only when it changed.
   */
  autosave(journals: () => readonly ToolCallCheckpoint[]): void;
  /**
   * Turns the checkpoints an ended process left running into interrupted records, and removes
   * settled ones an ended process left behind. The CLI commits a settlement only once its
   * outcome is shown or sent, and then consumes the checkpoint, so it leaves no settled ones;
   * a process killed before that leaves the final audit as a running checkpoint, recovered
   * here. The checkpoints of a process still running (another toolcall process using
   * the same session, or this one) are left alone: their scripts may still be in flight and
   * their outcomes not yet shown or sent.
   */
  recover(): Promise<RecoveredToolCall[]>;
  /** Removes the checkpoint of a call whose outcome has been shown or sent. */
  settle(envelopeId: string): Promise<void>;
  /** How many scripts an ended process left with a running checkpoint, without consuming them. */
  unfinished(): Promise<number>;
  /** Stops the autosave; waits for the writes already queued. */
  stop(): Promise<void>;
}

/**
 * The checkpoints of a session in `directory`. Writes are serialized: an autosave that read a
 * running journal lands before the settlement the script queues after it, so a settled
 * checkpoint is never replaced by an older running one.
 */
export function createSessionCheckpoints(directory: string): SessionCheckpoints {
  const files = createFileCheckpointStore(directory);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => T | PromiseLike<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => {});
    return next;
  };
  const written = new Map<string, string>();
  // Calls whose outcome was shown: a late write (a cancelled script settling after its call)
  // must not bring their checkpoint back.
  const shown = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const store: CheckpointStore = {
    write: (checkpoint) =>
      serial(async () => {
        if (shown.has(checkpoint.envelopeId)) return;
        await files.write(checkpoint);
        if (checkpoint.state === 'settled') written.delete(checkpoint.envelopeId);
      }),
    list: () => serial(() => files.list()),
    remove: (envelopeId) => serial(() => files.remove(envelopeId)),
    isWriterRunning: async (checkpoint) => !(await isWriterEnded(files, checkpoint)),
  };
  // The journals are read when the write runs, not when it is queued: a script that settled
  // meanwhile is no longer among them.
  const save = (journals: () => readonly ToolCallCheckpoint[]) =>
    serial(async () => {
      for (const journal of journals()) {
        if (shown.has(journal.envelopeId)) continue;
        const text = JSON.stringify(journal.children);
        if (written.get(journal.envelopeId) === text) continue;
        await files.write(journal);
        written.set(journal.envelopeId, text);
      }
    }).catch(() => {
      // A failed autosave is retried on the next tick; the settlement write still happens.
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
    settle(envelopeId) {
      shown.add(envelopeId);
      written.delete(envelopeId);
      return store.remove(envelopeId) as Promise<void>;
    },
    unfinished: async () => {
      let count = 0;
      for (const checkpoint of await files.list()) {
        if (checkpoint.state === 'running' && (await isWriterEnded(files, checkpoint))) count += 1;
      }
      return count;
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await queue;
    },
  };
}
