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

async function revert(change: FileChange): Promise<void> {
  if (change.before.exists) {
    const staged = await change.slot.stage(change.before.data, change.before.mode);
    await staged.commit();
  } else {
    await change.slot.remove();
  }
}

/**
 * Commits verified changes as one transaction: every target is re-checked, every write is staged
 * as a temp file first, then renamed into place; any failure restores every file already changed
 * and removes directories the patch created, so the patch applies entirely or not at all.
 */
export async function commitChanges(
  changes: readonly FileChange[],
  createdDirectories: string[],
): Promise<{ success: true } | { success: false; message: string }> {
  for (const change of changes) {
    const now = await change.slot.load();
    if (!now.success || !sameState(now.state, change.before)) {
      return { success: false, message: `File changed during review: ${change.slot.shown}` };
    }
  }
  const staged: (StagedWrite | undefined)[] = [];
  try {
    for (const change of changes) {
      staged.push(
        change.after === undefined ? undefined : await change.slot.stage(change.after, change.mode),
      );
    }
  } catch (error) {
    await Promise.all(staged.map((entry) => entry?.discard()));
    await removeCreatedDirectories(createdDirectories);
    const failed = changes[staged.length];
    return {
      success: false,
      message: `Cannot write ${failed?.slot.shown ?? 'the patch'} (${codeOf(error)})`,
    };
  }
  const done: FileChange[] = [];
  for (const [index, change] of changes.entries()) {
    try {
      const write = staged[index];
      if (write === undefined) await change.slot.remove();
      else await write.commit();
      done.push(change);
    } catch (error) {
      for (const entry of staged.slice(index)) await entry?.discard().catch(() => undefined);
      for (const applied of done.reverse()) await revert(applied).catch(() => undefined);
      await removeCreatedDirectories(createdDirectories);
      return {
        success: false,
        message: `Cannot write ${change.slot.shown} (${codeOf(error)}); no file was changed`,
      };
    }
  }
  return { success: true };
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'write failed';
}
