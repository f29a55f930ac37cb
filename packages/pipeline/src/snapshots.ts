import type { SnapshotReader } from './ports.js';

// `diff` is loaded on the first changed path: most processes never ask for a turn's diff.
let loadDiff: Promise<typeof import('diff')> | undefined;

/** Before-states of the paths mutated in one turn, and the turn's unified diff. */
export class TurnSnapshots {
  readonly #read: SnapshotReader;
  readonly #before = new Map<string, string | undefined>();

  constructor(read: SnapshotReader) {
    this.#read = read;
  }

  /** Captures the before-state of each path not yet captured this turn. */
  async capture(paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      if (this.#before.has(path)) continue;
      const text = await this.#read(path);
      // A concurrent capture of the same path may have landed first; the earliest wins.
      if (!this.#before.has(path)) this.#before.set(path, text);
    }
  }

  /** The captured paths, in capture order. */
  paths(): string[] {
    return [...this.#before.keys()];
  }

  /** The unified diff from each captured before-state to the path's current text. */
  async diff(): Promise<string> {
    const patches: string[] = [];
    for (const [path, before] of this.#before) {
      const after = await this.#read(path);
      if (before === after) continue;
      loadDiff ??= import('diff');
      const { createTwoFilesPatch } = await loadDiff;
      patches.push(
        createTwoFilesPatch(
          before === undefined ? '/dev/null' : `a/${path}`,
          after === undefined ? '/dev/null' : `b/${path}`,
          before ?? '',
          after ?? '',
          undefined,
          undefined,
          { context: 3 },
        ),
      );
    }
    return patches.join('');
  }

  /** Forgets every captured before-state, starting a new turn. */
  reset(): void {
    this.#before.clear();
  }
}
