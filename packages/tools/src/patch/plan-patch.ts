import { looksBinary } from '../read/binary.js';
import { type AppliedHunk, applyHunks } from './apply-hunks.js';
import type { FileChange } from './commit-changes.js';
import { hunkDiff, updateDiff, wholeFileDiff } from './file-diff.js';
import type { PatchSlot, SlotState } from './patch-slot.js';
import type { PatchOperation } from './patch-types.js';
import { fromLines, toLines } from './text-lines.js';

/** Turns an authored path or address into the slot that reads and writes it. */
export type SlotResolver = (
  authored: string,
) => Promise<{ success: true; slot: PatchSlot } | { success: false; message: string }>;

type Failure = { success: false; message: string };
type Target = { success: true; slot: PatchSlot; state: SlotState } | Failure;

/** Every target a patch names, resolved and read once; plans are checked against these states. */
export type PatchTargets = ReadonlyMap<string, Target>;

/** What one operation does to its file. */
export type PlannedKind = 'add' | 'delete' | 'update' | 'move';

/** One changing hunk of an update or move, as applied to the planned content. */
export interface PlannedHunk {
  /** K in `hunk K`: the hunk's 1-based position in its operation. */
  readonly number: number;
  /** The hunk as a unified diff hunk (`@@ -a,b +c,d @@` and its lines). */
  readonly diff: string;
  readonly fuzzy: string | undefined;
}

/** One verified operation: its kind, its authored paths, its diff and its changing hunks. */
export interface PlannedFile {
  readonly kind: PlannedKind;
  readonly path: string;
  readonly destination: string | undefined;
  readonly diff: string;
  /** The hunks that change lines (locators only position and are left out). */
  readonly hunks: readonly PlannedHunk[];
  /** Every fuzzy match of the operation, locators included, in hunk order. */
  readonly fuzzy: readonly { readonly number: number; readonly how: string }[];
}

/** A verified patch: the changes to commit and one planned file per operation, in patch order. */
export interface PatchPlan {
  readonly changes: FileChange[];
  readonly files: PlannedFile[];
}

function authoredPaths(operations: readonly PatchOperation[]): string[] {
  return operations.flatMap((operation) =>
    operation.type === 'update' && operation.moveTo !== undefined
      ? [operation.path, operation.moveTo]
      : [operation.path],
  );
}

/** Resolves and reads every path the operations name, all at once. */
export async function loadTargets(
  operations: readonly PatchOperation[],
  resolve: SlotResolver,
): Promise<PatchTargets> {
  const pending = new Map<string, Promise<Target>>();
  for (const authored of authoredPaths(operations)) {
    if (pending.has(authored)) continue;
    pending.set(
      authored,
      (async (): Promise<Target> => {
        const resolved = await resolve(authored);
        if (!resolved.success) return resolved;
        const state = await resolved.slot.load();
        if (!state.success) return state;
        return { success: true, slot: resolved.slot, state: state.state };
      })(),
    );
  }
  const targets = new Map<string, Target>();
  for (const [authored, target] of pending) targets.set(authored, await target);
  return targets;
}

function changes(hunk: AppliedHunk): boolean {
  return hunk.diff.some((line) => !line.startsWith(' '));
}

/**
 * Verifies every operation against the loaded states before anything is written: targets
 * exist (or not) as required, no path is touched twice, and every hunk matches.
 */
export function planPatch(
  operations: readonly PatchOperation[],
  targets: PatchTargets,
): ({ success: true } & PatchPlan) | Failure {
  const seen = new Set<string>();
  const planned: FileChange[] = [];
  const files: PlannedFile[] = [];
  const claim = (authored: string): Target => {
    const entry = targets.get(authored) ?? {
      success: false as const,
      message: `File was not loaded: ${authored}`,
    };
    if (!entry.success) return entry;
    if (seen.has(entry.slot.key))
      return { success: false, message: `Patch touches path more than once: ${authored}` };
    seen.add(entry.slot.key);
    return entry;
  };
  for (const operation of operations) {
    const source = claim(operation.path);
    if (!source.success) return source;
    const shown = operation.path;
    const whole = { destination: undefined, hunks: [], fuzzy: [] };
    if (operation.type === 'add') {
      if (source.state.exists)
        return { success: false, message: `Cannot add existing file: ${shown}` };
      planned.push({
        slot: source.slot,
        before: source.state,
        after: new TextEncoder().encode(operation.content),
        mode: undefined,
      });
      const diff = wholeFileDiff(shown, operation.content.slice(0, -1).split('\n'), true);
      files.push({ kind: 'add', path: shown, diff, ...whole });
      continue;
    }
    if (!source.state.exists) return { success: false, message: `File does not exist: ${shown}` };
    const before = source.state;
    if (operation.type === 'delete') {
      planned.push({ slot: source.slot, before, after: undefined, mode: undefined });
      const diff = wholeFileDiff(shown, toLines(before.data).lines, false);
      files.push({ kind: 'delete', path: shown, diff, ...whole });
      continue;
    }
    if (looksBinary(before.data))
      return { success: false, message: `Cannot patch binary file: ${shown}` };
    const text = toLines(before.data);
    const result = applyHunks(text.lines, operation.hunks, shown, text.endings, text.eol);
    if (!result.success) return result;
    if (!result.applied.some(changes) && operation.moveTo === undefined) {
      return { success: false, message: `Patch hunk does not change ${shown}` };
    }
    const after = fromLines(
      result.lines,
      result.endings,
      text.finalNewline || text.lines.length === 0,
    );
    const destination = operation.moveTo;
    if (destination !== undefined) {
      const target = claim(destination);
      if (!target.success) return target;
      if (target.state.exists)
        return { success: false, message: `Cannot move to existing file: ${destination}` };
      planned.push({ slot: target.slot, before: target.state, after, mode: before.mode });
      planned.push({ slot: source.slot, before, after: undefined, mode: undefined });
    } else {
      planned.push({ slot: source.slot, before, after, mode: before.mode });
    }
    files.push({
      kind: destination === undefined ? 'update' : 'move',
      path: shown,
      destination,
      diff: updateDiff(shown, destination ?? shown, result.applied),
      hunks: result.applied.filter(changes).map((hunk) => ({
        number: hunk.number,
        diff: hunkDiff(hunk),
        fuzzy: hunk.fuzzy,
      })),
      fuzzy: result.applied.flatMap((hunk) =>
        hunk.fuzzy === undefined ? [] : [{ number: hunk.number, how: hunk.fuzzy }],
      ),
    });
  }
  return { success: true, changes: planned, files };
}

/** The result's detail lines for a plan applied whole: fuzzy matches, then what was applied. */
export function appliedDetails(files: readonly PlannedFile[]): string[] {
  return files.flatMap((file) => {
    const fuzzy = file.fuzzy.map(
      (entry) => `Fuzzy: ${file.path} hunk ${entry.number} matched while ${entry.how}`,
    );
    if (file.kind === 'add' || file.kind === 'delete') return [`Applied: ${file.path}`];
    // A move is one change; its hunks travel with it.
    if (file.kind === 'move') return [...fuzzy, `Applied: ${file.path} -> ${file.destination}`];
    return [...fuzzy, ...file.hunks.map((hunk) => `Applied: ${file.path} hunk ${hunk.number}`)];
  });
}

/** The per-file diffs of a plan, as the renderer draws them (a move under its destination). */
export function diffsOf(files: readonly PlannedFile[]): { path: string; diff: string }[] {
  return files.map((file) => ({ path: file.destination ?? file.path, diff: file.diff }));
}
