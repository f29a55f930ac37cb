import { looksBinary } from '../read/binary.js';
import { applyHunks } from './apply-hunks.js';
import type { FileChange } from './commit-changes.js';
import { updateDiff, wholeFileDiff } from './file-diff.js';
import type { PatchSlot, SlotState } from './patch-slot.js';
import type { PatchOperation } from './patch-types.js';
import { fromLines, toLines } from './text-lines.js';

/** Turns an authored path or address into the slot that reads and writes it. */
export type SlotResolver = (
  authored: string,
) => Promise<{ success: true; slot: PatchSlot } | { success: false; message: string }>;

/** A verified patch: the changes to commit, the result's detail lines and a diff per file. */
export interface PatchPlan {
  readonly changes: FileChange[];
  readonly details: string[];
  readonly diffs: { path: string; diff: string }[];
}

type Failure = { success: false; message: string };

async function loaded(slot: PatchSlot): Promise<{ success: true; state: SlotState } | Failure> {
  return slot.load();
}

/**
 * Verifies every operation against the current content before anything is written: targets
 * exist (or not) as required, no path is touched twice, and every hunk matches.
 */
export async function planPatch(
  operations: readonly PatchOperation[],
  resolve: SlotResolver,
): Promise<({ success: true } & PatchPlan) | Failure> {
  const seen = new Set<string>();
  const changes: FileChange[] = [];
  const details: string[] = [];
  const diffs: { path: string; diff: string }[] = [];
  // Every target is resolved and read at once; the checks below then run in patch order.
  const authoredPaths = operations.flatMap((operation) =>
    operation.type === 'update' && operation.moveTo !== undefined
      ? [operation.path, operation.moveTo]
      : [operation.path],
  );
  const prefetched = new Map<
    string,
    Promise<{ success: true; slot: PatchSlot; state: SlotState } | Failure>
  >();
  for (const authored of authoredPaths) {
    if (prefetched.has(authored)) continue;
    prefetched.set(
      authored,
      (async () => {
        const resolved = await resolve(authored);
        if (!resolved.success) return resolved;
        const state = await loaded(resolved.slot);
        if (!state.success) return state;
        return { success: true as const, slot: resolved.slot, state: state.state };
      })(),
    );
  }
  await Promise.all(prefetched.values());
  const claim = async (
    authored: string,
  ): Promise<{ success: true; slot: PatchSlot; state: SlotState } | Failure> => {
    const entry = await (prefetched.get(authored) as Promise<
      { success: true; slot: PatchSlot; state: SlotState } | Failure
    >);
    if (!entry.success) return entry;
    if (seen.has(entry.slot.key))
      return { success: false, message: `Patch touches path more than once: ${authored}` };
    seen.add(entry.slot.key);
    return entry;
  };
  for (const operation of operations) {
    const source = await claim(operation.path);
    if (!source.success) return source;
    const shown = operation.path;
    if (operation.type === 'add') {
      if (source.state.exists)
        return { success: false, message: `Cannot add existing file: ${shown}` };
      changes.push({
        slot: source.slot,
        before: source.state,
        after: new TextEncoder().encode(operation.content),
        mode: undefined,
      });
      details.push(`Applied: ${shown}`);
      diffs.push({
        path: shown,
        diff: wholeFileDiff(shown, operation.content.slice(0, -1).split('\n'), true),
      });
      continue;
    }
    if (!source.state.exists) return { success: false, message: `File does not exist: ${shown}` };
    const before = source.state;
    if (operation.type === 'delete') {
      changes.push({ slot: source.slot, before, after: undefined, mode: undefined });
      details.push(`Applied: ${shown}`);
      diffs.push({ path: shown, diff: wholeFileDiff(shown, toLines(before.data).lines, false) });
      continue;
    }
    if (looksBinary(before.data))
      return { success: false, message: `Cannot patch binary file: ${shown}` };
    const text = toLines(before.data);
    const result = applyHunks(text.lines, operation.hunks, shown);
    if (!result.success) return result;
    const changed = result.applied.some((hunk) => hunk.diff.some((line) => !line.startsWith(' ')));
    if (!changed && operation.moveTo === undefined) {
      return { success: false, message: `Patch hunk does not change ${shown}` };
    }
    const after = fromLines(result.lines, text.eol, text.finalNewline || text.lines.length === 0);
    for (const hunk of result.applied) {
      if (hunk.fuzzy !== undefined)
        details.push(`Fuzzy: ${shown} hunk ${hunk.number} matched while ${hunk.fuzzy}`);
    }
    if (operation.moveTo !== undefined) {
      const destination = await claim(operation.moveTo);
      if (!destination.success) return destination;
      if (destination.state.exists)
        return { success: false, message: `Cannot move to existing file: ${operation.moveTo}` };
      changes.push({ slot: destination.slot, before: destination.state, after, mode: before.mode });
      changes.push({ slot: source.slot, before, after: undefined, mode: undefined });
      details.push(`Applied: ${shown} -> ${operation.moveTo}`);
      diffs.push({
        path: operation.moveTo,
        diff: updateDiff(shown, operation.moveTo, result.applied),
      });
    } else {
      changes.push({ slot: source.slot, before, after, mode: before.mode });
      diffs.push({ path: shown, diff: updateDiff(shown, shown, result.applied) });
    }
    // A move is one change; its hunks travel with it.
    if (operation.moveTo !== undefined) continue;
    for (const hunk of result.applied) {
      if (hunk.diff.some((line) => !line.startsWith(' ')))
        details.push(`Applied: ${shown} hunk ${hunk.number}`);
    }
  }
  return { success: true, changes, details, diffs };
}
