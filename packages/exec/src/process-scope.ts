import { cgroupPids } from './process-cgroup.js';
import {
  childPids,
  isGroupPopulated,
  isLive,
  isNamespaceInit,
  type ProcessEntry,
  readProcess,
} from './process-tree.js';

/** The processes one execution owns: its process group plus every descendant seen so far. */
export interface ProcessScope {
  /** The process group created at spawn. */
  groupId: number;
  /** The direct child, whose descendants may sit in other groups (Bubblewrap's new session). */
  rootPid: number;
  /** Other groups discovered while the child lived, kept because orphans lose their ancestry. */
  knownGroups: Set<number>;
  /**
   * Every process seen in the tree, by pid with its start time (its identity across pid reuse).
   * A member whose parent died stays reachable here, so its own subtree can still be walked.
   * Created from the root on first use when absent.
   */
  members?: Map<number, number>;
  /**
   * The call's cgroup (`cgroup.procs`), where the host has one: it lists every process of the
   * call, a `setsid` or double-forked one whose ancestry is gone included.
   */
  cgroupProcs?: string;
}

/** Creates the scope of a child spawned as the leader of its own group, recording its identity. */
export function createProcessScope(pid: number, cgroupProcs?: string): ProcessScope {
  const scope: ProcessScope = { groupId: pid, rootPid: pid, knownGroups: new Set() };
  if (cgroupProcs !== undefined) scope.cgroupProcs = cgroupProcs;
  membersOf(scope);
  return scope;
}

function adoptCgroup(scope: ProcessScope, members: Map<number, number>): void {
  if (scope.cgroupProcs === undefined) return;
  for (const pid of cgroupPids(scope.cgroupProcs)) {
    if (members.has(pid)) continue;
    const entry = readProcess(pid);
    if (entry && isLive(entry)) members.set(pid, entry.startTime);
  }
}

function membersOf(scope: ProcessScope): Map<number, number> {
  if (scope.members === undefined) {
    scope.members = new Map();
    const root = readProcess(scope.rootPid);
    if (root && isLive(root)) scope.members.set(root.pid, root.startTime);
  }
  return scope.members;
}

/** The scope's live members; members that died are forgotten, since a pid reuse is someone else. */
export function liveMembers(scope: ProcessScope): ProcessEntry[] {
  const members = membersOf(scope);
  adoptCgroup(scope, members);
  const live: ProcessEntry[] = [];
  for (const [pid, startTime] of members) {
    const entry = readProcess(pid);
    if (entry && entry.startTime === startTime && isLive(entry)) live.push(entry);
    else members.delete(pid);
  }
  return live;
}

/** Records the live children of `pid` not yet known as members, and returns them. */
export function adoptChildren(scope: ProcessScope, pid: number): ProcessEntry[] {
  const members = membersOf(scope);
  const adopted: ProcessEntry[] = [];
  for (const child of childPids(pid)) {
    const entry = readProcess(child);
    if (!entry || !isLive(entry) || members.get(child) === entry.startTime) continue;
    members.set(child, entry.startTime);
    adopted.push(entry);
  }
  return adopted;
}

/** Walks down from every live member, recording each descendant; returns the newly found. */
export function trackScope(scope: ProcessScope): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  const queue = liveMembers(scope).map((entry) => entry.pid);
  while (queue.length > 0) {
    for (const child of adoptChildren(scope, queue.pop()!)) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Sends `signal` to a pid or, negated, a group; false when there was no such target. */
export function sendSignal(target: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(target, signal);
    return true;
  } catch {
    return false;
  }
}

/** Signals the given members by pid, then their groups, the spawn group and the known groups. */
export function signalMembers(
  scope: ProcessScope,
  signal: NodeJS.Signals,
  members: readonly ProcessEntry[] = liveMembers(scope),
): void {
  // By pid too: a member may have left its group (setsid) after its group was read.
  for (const entry of members) sendSignal(entry.pid, signal);
  const groups = new Set([scope.groupId, ...scope.knownGroups]);
  for (const entry of members) groups.add(entry.groupId);
  for (const group of groups) sendSignal(-group, signal);
}

/**
 * Kills members that are the init of a PID namespace and have no live child. Such an init
 * (Bubblewrap's, still setting up the sandbox or left behind by its command) ignores TERM; with
 * no child nothing runs in its namespace, so KILL loses nothing, and any child it forks in the
 * meantime dies with the namespace.
 */
export function killIdleNamespaceInits(scope: ProcessScope): void {
  for (const entry of liveMembers(scope)) {
    if (!isNamespaceInit(entry.pid)) continue;
    const busy = childPids(entry.pid).some((pid) => {
      const child = readProcess(pid);
      return child !== undefined && isLive(child);
    });
    if (!busy) sendSignal(entry.pid, 'SIGKILL');
  }
}

/** Whether any member is alive or anything is left in the scope's own or known groups. */
export function isScopePopulated(scope: ProcessScope): boolean {
  if (liveMembers(scope).length > 0) return true;
  return [scope.groupId, ...scope.knownGroups].some((group) => isGroupPopulated(group));
}
