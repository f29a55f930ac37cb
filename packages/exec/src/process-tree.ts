import { readdirSync, readFileSync } from 'node:fs';

/** One row of the host process table. */
export interface ProcessEntry {
  pid: number;
  parentPid: number;
  groupId: number;
  sessionId: number;
  /** The kernel state letter; `Z` and `X` are dead, `T` and `t` stopped. */
  state: string;
  /** Clock ticks after boot at which the process started: with the pid, its identity. */
  startTime: number;
}

const hasProcfs = process.platform === 'linux';

function parseStat(text: string): ProcessEntry | undefined {
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || fields.length < 4) return undefined;
  return {
    pid,
    state: fields[0]!,
    parentPid: Number(fields[1]),
    groupId: Number(fields[2]),
    sessionId: Number(fields[3]),
    startTime: Number(fields[19]),
  };
}

/** Reads the process table from /proc; empty where there is no procfs. */
export function listProcesses(): ProcessEntry[] {
  if (!hasProcfs) return [];
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    const first = name.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    try {
      const entry = parseStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (entry) entries.push(entry);
    } catch {
      // The process exited between listing and reading.
    }
  }
  return entries;
}

/** Whether the entry is a running (not zombie or dead) process. */
export function isLive(entry: ProcessEntry): boolean {
  return entry.state !== 'Z' && entry.state !== 'X';
}

/** Reads one process's table row, or undefined when it is gone. */
export function readProcess(pid: number): ProcessEntry | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The pids of `pid`'s children (zombies included), read from the kernel's per-task lists. */
export function childPids(pid: number): number[] {
  const pids: number[] = [];
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return pids;
  }
  for (const thread of threads) {
    try {
      for (const word of readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ')) {
        if (word !== '') pids.push(Number(word));
      }
    } catch {
      // The thread ended.
    }
  }
  return pids;
}

/** The live descendants of `rootPid`, walked through the kernel's per-task children lists. */
export function findDescendants(rootPid: number): ProcessEntry[] {
  if (!hasProcfs) return [];
  const found: ProcessEntry[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const pid of childPids(queue.pop()!)) {
      const entry = readProcess(pid);
      if (entry === undefined) continue;
      found.push(entry);
      queue.push(pid);
    }
  }
  return found.filter(isLive);
}

/** Whether any process, zombies excluded where procfs can tell, is left in group `groupId`. */
export function isGroupPopulated(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
  } catch {
    return false;
  }
  if (!hasProcfs) return true;
  return listProcesses().some((entry) => entry.groupId === groupId && isLive(entry));
}

/**
 * Whether the process is the init (pid 1) of a PID namespace below ours, such as Bubblewrap's
 * sandbox init: it ignores every signal it installed no handler for, except KILL and STOP.
 */
export function isNamespaceInit(pid: number): boolean {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return false;
  }
  const ids = /^NSpid:\s+(.*)$/m.exec(status)?.[1]?.trim().split(/\s+/) ?? [];
  return ids.length > 1 && ids[ids.length - 1] === '1';
}
