import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CheckpointStore,
  type RecoveredToolCall,
  recoverToolCalls,
  type ToolCallCheckpoint,
} from '../ptc/checkpoint.js';
import { isWriterEnded } from '../ptc/checkpoint-writer.js';
import { createFileCheckpointStore } from './checkpoint-store.js';

/** How often `autosave` writes the journals of running scripts, by default. */
const AUTOSAVE_INTERVAL_MS = 1_000;

/**
 * A host's ToolCall checkpoints in one directory: the store to give the driver, the autosave of
 * running journals, recovery at start-up and the removal once an outcome has been delivered.
 */
export interface HostCheckpoints {
  /** The store for the driver; every write and removal runs one at a time, in order. */
  readonly store: CheckpointStore;
  /**
   * Writes the running journals every `intervalMs` (an unref'd timer) until `stop`; a journal
   * is written again only when its calls changed.
   */
  autosave(journals: () => readonly ToolCallCheckpoint[]): void;
  /**
   * Turns the checkpoints an ended process left running into interrupted records (consuming
   * them) and removes the settled ones it left. The checkpoints of a process still running
   * (another host sharing the directory, or this one) are left alone: their scripts may still
   * be in flight.
   */
  recover(): Promise<RecoveredToolCall[]>;
  /**
   * The outcome of `envelopeId` has been shown or sent: removes its checkpoint, and no later
   * write (a cancelled script settling after its call) brings it back.
   */
  consume(envelopeId: string): Promise<void>;
  /** How many scripts an ended process left with a running checkpoint, without consuming them. */
  unfinished(): Promise<number>;
  /**
   * Creates the directory if needed and writes and removes a probe file in it; rejects when
   * checkpoints cannot be written there (a read-only home, a path that cannot be created).
   */
  probe(): Promise<void>;
  /** Stops the autosave; waits for the writes already queued. */
  stop(): Promise<void>;
}

/**
 * The checkpoints in `directory`, one file per envelope (see `createFileCheckpointStore`).
 * Writes are serialized: an autosave that read a running journal lands before the settlement
 * queued after it, so a settled checkpoint is never replaced by an older running one.
 */
export function createHostCheckpoints(
  directory: string,
  options: { readonly intervalMs?: number } = {},
): HostCheckpoints {
  const files = createFileCheckpointStore(directory);
  const intervalMs = options.intervalMs ?? AUTOSAVE_INTERVAL_MS;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => T | PromiseLike<T>): Promise<T> => {
    const next = queue.then(task);
    queue = next.catch(() => {});
    return next;
  };
  // What each running journal held when last written, so an unchanged one is not written again.
  const written = new Map<string, string>();
  const consumed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const store: CheckpointStore = {
    write: (checkpoint) =>
      serial(async () => {
        if (consumed.has(checkpoint.envelopeId)) return;
        await files.write(checkpoint);
        if (checkpoint.state === 'settled') written.delete(checkpoint.envelopeId);
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
        if (consumed.has(journal.envelopeId)) continue;
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
      timer = setInterval(() => void save(journals), intervalMs);
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
    consume(envelopeId) {
      consumed.add(envelopeId);
      return store.remove(envelopeId) as Promise<void>;
    },
    unfinished: async () => {
      let count = 0;
      for (const checkpoint of await files.list()) {
        if (checkpoint.state === 'running' && (await isWriterEnded(files, checkpoint))) count += 1;
      }
      return count;
    },
    probe: () =>
      serial(async () => {
        await mkdir(directory, { recursive: true });
        // Neither a checkpoint nor a writer's temporary file: `list` skips it.
        const file = join(directory, `.probe-${process.pid}-${randomBytes(4).toString('hex')}`);
        await writeFile(file, '');
        await rm(file, { force: true });
      }),
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await queue;
    },
  };
}
