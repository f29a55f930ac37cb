import type { CheckpointStore, ToolCallCheckpoint } from './checkpoint.js';

/**
 * The process that wrote a checkpoint, as a store that can tell processes apart stamps it
 * (`createFileCheckpointStore` does). `started` tells a later process that reused the pid apart.
 */
export interface CheckpointWriter {
  /** The writer's process id. */
  readonly pid: number;
  /** The host name the writer ran on (`os.hostname()`). */
  readonly host: string;
  /** When the writer started, in milliseconds since the epoch (`performance.timeOrigin`). */
  readonly started: number;
}

/**
 * Whether the process that wrote `checkpoint` has ended, as `store.isWriterRunning` tells;
 * always true for a store without that method.
 */
export async function isWriterEnded(
  store: CheckpointStore,
  checkpoint: ToolCallCheckpoint,
): Promise<boolean> {
  if (store.isWriterRunning === undefined) return true;
  if (typeof store.isWriterRunning !== 'function') {
    throw new TypeError(
      `CheckpointStore: isWriterRunning must be a function when present, received ${typeof store.isWriterRunning}`,
    );
  }
  return !(await store.isWriterRunning(checkpoint));
}
