import { PatchConflictError } from './guarded-replace.js';
import {
  type PatchSlot,
  removeCreatedDirectories,
  type SlotState,
  type StagedWrite,
} from './patch-slot.js';

/** One file change of a verified patch: the state it was planned against and what replaces it. */
export interface FileChange {
  readonly slot: PatchSlot;
  readonly before: SlotState;
  /** The new bytes, or `undefined` to delete the file. */
  readonly after: Uint8Array | undefined;
  readonly mode: number | undefined;
}

function sameState(a: SlotState, b: SlotState): boolean {
  if (!a.exists || !b.exists) return a.exists === b.exists;
  return Buffer.compare(a.data, b.data) === 0;
}

// Undoes a committed change only while the file still holds what the patch wrote, so a
// writer's lines that arrived since are never dropped by the undo.
async function revert(change: FileChange): Promise<void> {
  const written: SlotState =
    change.after === undefined
      ? { exists: false }
      : { exists: true, data: change.after, mode: change.mode };
  if (change.before.exists) {
    const staged = await change.slot.stage(change.before.data, change.before.mode, written);
    await staged.commit();
  } else {
    await change.slot.remove(written);
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'write failed';
}

/**
 * Commits verified changes as one transaction: every target is re-checked, every write is staged
 * as a temp file first, then renamed into place only while the target still holds what was read
 * (a concurrent writer fails the call, its bytes kept); any failure restores every file already
 * changed and removes directories the patch created, so the patch applies entirely or not at all.
 */
export async function commitChanges(
  changes: readonly FileChange[],
  createdDirectories: string[],
): Promise<{ success: true } | { success: false; message: string }> {
  const now = await Promise.all(changes.map((change) => change.slot.load()));
  for (const [index, change] of changes.entries()) {
    const state = now[index];
    if (state === undefined || !state.success || !sameState(state.state, change.before)) {
      return { success: false, message: `File changed during review: ${change.slot.shown}` };
    }
  }
  // Staging writes only temp files, so every file is staged at once.
  const settled = await Promise.allSettled(
    changes.map((change) =>
      change.after === undefined
        ? undefined
        : change.slot.stage(change.after, change.mode, change.before),
    ),
  );
  const staged: (StagedWrite | undefined)[] = settled.map((entry) =>
    entry.status === 'fulfilled' ? entry.value : undefined,
  );
  const failedAt = settled.findIndex((entry) => entry.status === 'rejected');
  if (failedAt !== -1) {
    await Promise.all(staged.map((entry) => entry?.discard()));
    await removeCreatedDirectories(createdDirectories);
    const reason = (settled[failedAt] as PromiseRejectedResult).reason;
    const shown = changes[failedAt]?.slot.shown ?? 'the patch';
    return { success: false, message: `Cannot write ${shown} (${codeOf(reason)})` };
  }
  const done: FileChange[] = [];
  for (const [index, change] of changes.entries()) {
    try {
      const write = staged[index];
      if (write === undefined) await change.slot.remove(change.before);
      else await write.commit();
      done.push(change);
    } catch (error) {
      for (const entry of staged.slice(index)) await entry?.discard().catch(() => undefined);
      const kept: string[] = [];
      for (const applied of done.reverse()) {
        await revert(applied).catch(() => kept.push(applied.slot.shown));
      }
      await removeCreatedDirectories(createdDirectories);
      const cause = PatchConflictError.isInstance(error)
        ? `File changed on disk while the patch was applied: ${change.slot.shown}`
        : `Cannot write ${change.slot.shown} (${codeOf(error)})`;
      const outcome =
        kept.length === 0
          ? 'no file was changed'
          : `the change to ${kept.join(', ')} stays because that file changed on disk meanwhile`;
      return { success: false, message: `${cause}; ${outcome}` };
    }
  }
  return { success: true };
}
