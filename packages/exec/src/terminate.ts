import { freezeScope, freezeScopeNow, resumeScope } from './freeze-tree.js';
import {
  isScopePopulated,
  killIdleNamespaceInits,
  type ProcessScope,
  sendSignal,
  signalMembers,
  trackScope,
} from './process-scope.js';
import { findDescendants, isLive } from './process-tree.js';

export { createProcessScope, isScopePopulated, type ProcessScope } from './process-scope.js';

/** How a group termination went. */
export interface TerminationReport {
  /** Whether the KILL step was needed because something outlived TERM and the grace interval. */
  escalated: boolean;
}

// Halting a tree takes one scheduling of each process; the bound only matters under heavy load.
const FREEZE_BOUND_MS = 1_000;
// At process exit every execution is frozen in turn, so each gets less.
const EXIT_FREEZE_BOUND_MS = 100;

/**
 * Resolves true once the scope is empty, or false when `timeoutMs` passes first. Descendants
 * found meanwhile (forked by a process handling the signal) are sent `signal` too.
 */
async function waitForScopeEmpty(
  scope: ProcessScope,
  timeoutMs: number,
  signal: NodeJS.Signals,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let delay = 1;
  for (;;) {
    const found = trackScope(scope);
    if (found.length > 0) signalMembers(scope, signal, found);
    killIdleNamespaceInits(scope);
    if (!isScopePopulated(scope)) return true;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, remaining)));
    delay = Math.min(delay * 2, 25);
  }
}

/**
 * Sends TERM to every process of the scope, then KILL once after `graceMs` if any survived. The
 * tree is stopped before each signal, so a process still starting (a Bubblewrap sandbox before
 * its new session, a child forked a moment ago) is found and signalled with the rest rather than
 * orphaned when its parent dies.
 */
export async function terminateScope(
  scope: ProcessScope,
  graceMs: number,
): Promise<TerminationReport> {
  const bound = Math.min(graceMs, FREEZE_BOUND_MS);
  const stopped = await freezeScope(scope, bound);
  signalMembers(scope, 'SIGTERM');
  killIdleNamespaceInits(scope);
  // A stopped process acts on TERM only once continued (unless TERM kills it outright).
  resumeScope(scope, stopped);
  if (await waitForScopeEmpty(scope, graceMs, 'SIGTERM')) return { escalated: false };
  await freezeScope(scope, bound);
  signalMembers(scope, 'SIGKILL');
  await waitForScopeEmpty(scope, graceMs, 'SIGKILL');
  return { escalated: true };
}

/** Stops and kills the whole scope synchronously, for process exit. */
export function killScopeNow(scope: ProcessScope): void {
  freezeScopeNow(scope, EXIT_FREEZE_BOUND_MS);
  signalMembers(scope, 'SIGKILL');
}

/** Sends `signal` to the scope's group and to its current descendants' groups (Ctrl-C). */
export function signalScope(scope: ProcessScope, signal: NodeJS.Signals): void {
  const groups = new Set([scope.groupId, ...scope.knownGroups]);
  for (const entry of findDescendants(scope.rootPid)) groups.add(entry.groupId);
  for (const group of groups) sendSignal(-group, signal);
}

/** The groups of the scope's live descendants other than its own and its known groups. */
export function foreignDescendantGroups(scope: ProcessScope): number[] {
  const groups = new Set<number>();
  for (const entry of findDescendants(scope.rootPid)) {
    if (entry.groupId === scope.groupId || scope.knownGroups.has(entry.groupId)) continue;
    if (isLive(entry)) groups.add(entry.groupId);
  }
  return [...groups];
}

/** Records the scope's current descendants and their groups, retrying briefly until one appears. */
export async function discoverChildGroups(
  scope: ProcessScope,
  boundMs: number,
  finished: () => boolean,
): Promise<void> {
  const deadline = Date.now() + boundMs;
  let delay = 1;
  while (Date.now() < deadline && !finished()) {
    const children = findDescendants(scope.rootPid);
    if (children.length > 0) {
      trackScope(scope);
      for (const child of children)
        if (child.groupId !== scope.groupId) scope.knownGroups.add(child.groupId);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 20);
  }
}
