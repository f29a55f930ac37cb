import type { CheckpointStore, ToolCallCheckpoint } from '../ptc/checkpoint.js';

/**
 * `saved` with its first write held back until `release`, so a test can cancel, project and
 * commit a call before its script has written its first checkpoint. `ended` resolves at the
 * script's last checkpoint act: its settled checkpoint written, or its checkpoint removed.
 */
export function holdingFirstWrite(saved: CheckpointStore): {
  store: CheckpointStore;
  release: () => void;
  ended: Promise<void>;
  /** How many writes the store was asked for. */
  writes: () => number;
} {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  let writes = 0;
  const store: CheckpointStore = {
    write: async (checkpoint: ToolCallCheckpoint) => {
      if (++writes === 1) await gate;
      await saved.write(checkpoint);
      if (checkpoint.state === 'settled') end();
    },
    list: () => saved.list(),
    remove: async (id) => {
      await saved.remove(id);
      end();
    },
  };
  return { store, release, ended, writes: () => writes };
}
