import { findDescendants, isGroupPopulated, isLive } from './process-tree.js';

/** The processes one execution owns: its process group plus, while known, its descendants' groups. */
export interface ProcessScope {
  /** The process group created at spawn. */
  groupId: number;
  /** The direct child, whose descendants may sit in other groups (Bubblewrap's new session). */
  rootPid: number;
  /** Other groups discovered while the child lived, kept because orphans lose their ancestry. */
  knownGroups: Set<number>;
}

/** How a group termination went. */
export interface TerminationReport {
  /** Whether the KILL step was needed because something outlived TERM and the grace interval. */
  escalated: boolean;
}

function scopeGroups(scope: ProcessScope): Set<number> {
  const groups = new Set([scope.groupId, ...scope.knownGroups]);
  for (const entry of findDescendants(scope.rootPid)) groups.add(entry.groupId);
  return groups;
}

function signalGroups(groups: Iterable<number>, signal: NodeJS.Signals): void {
  for (const group of groups) {
    try {
      process.kill(-group, signal);
    } catch {
      // The group is already empty.
    }
  }
}

function anyPopulated(groups: Iterable<number>): boolean {
  for (const group of groups) if (isGroupPopulated(group)) return true;
  return false;
}

/** Resolves true once every group is empty, or false when `timeoutMs` passes first. */
export async function waitForGroupsEmpty(
  groups: Iterable<number>,
  timeoutMs: number,
): Promise<boolean> {
  const list = [...groups];
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  while (anyPopulated(list)) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, remaining)));
    delay = Math.min(delay * 2, 25);
  }
  return true;
}

/** Sends `signal` to the scope's group and to its descendants' groups. */
export function signalScope(scope: ProcessScope, signal: NodeJS.Signals): void {
  signalGroups(scopeGroups(scope), signal);
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

/** Records the groups of the scope's current descendants as known, retrying briefly until one appears. */
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
      for (const child of children)
        if (child.groupId !== scope.groupId) scope.knownGroups.add(child.groupId);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 20);
  }
}

/** Sends TERM to every group of the scope, then KILL once after `graceMs` if any member survived. */
export async function terminateScope(
  scope: ProcessScope,
  graceMs: number,
): Promise<TerminationReport> {
  const groups = scopeGroups(scope);
  signalGroups(groups, 'SIGTERM');
  if (await waitForGroupsEmpty(groups, graceMs)) return { escalated: false };
  for (const group of scopeGroups(scope)) groups.add(group);
  signalGroups(groups, 'SIGKILL');
  await waitForGroupsEmpty(groups, graceMs);
  return { escalated: true };
}

/** Whether anything is left in the scope's own or known groups. */
export function isScopePopulated(scope: ProcessScope): boolean {
  return anyPopulated([scope.groupId, ...scope.knownGroups]);
}
