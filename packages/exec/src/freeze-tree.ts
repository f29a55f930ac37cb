import { adoptChildren, liveMembers, type ProcessScope, sendSignal } from './process-scope.js';
import { readProcess } from './process-tree.js';

// Stopped, traced, or no longer running: a halted process forks nothing and changes no group.
const HALTED_STATES = new Set(['T', 't', 'Z', 'X']);

function isHalted(pid: number): boolean {
  const entry = readProcess(pid);
  return entry === undefined || HALTED_STATES.has(entry.state);
}

/**
 * Stops the tree level by level and yields each level for the caller to wait on: a child list is
 * read only once its process has halted, because until then it may still be forking (a fork in
 * progress when STOP arrives completes first). Records every stopped pid in `stopped`.
 */
function* freezeLevels(scope: ProcessScope, stopped: number[]): Generator<number[], void, void> {
  const visited = new Set<number>();
  let level = liveMembers(scope);
  while (level.length > 0) {
    const waiting: number[] = [];
    for (const entry of level) {
      if (visited.has(entry.pid)) continue;
      visited.add(entry.pid);
      // STOP reaches even a PID namespace init from here, our namespace being its ancestor.
      if (sendSignal(entry.pid, 'SIGSTOP')) waiting.push(entry.pid);
    }
    stopped.push(...waiting);
    yield waiting;
    level = waiting.flatMap((pid) => adoptChildren(scope, pid));
  }
}

/**
 * Stops every process of the scope, recording the descendants found on the way, so that none
 * can fork, leave its group or be orphaned unseen while it is signalled. Waits at most about
 * `boundMs` in all for processes to halt, then goes on with what it found. Returns the pids it
 * stopped, for {@link resumeScope}.
 */
export async function freezeScope(scope: ProcessScope, boundMs: number): Promise<number[]> {
  const deadline = Date.now() + boundMs;
  const stopped: number[] = [];
  for (const level of freezeLevels(scope, stopped)) {
    let delay = 1;
    while (Date.now() < deadline && !level.every(isHalted)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10);
    }
  }
  return stopped;
}

/** {@link freezeScope} blocking the thread, for process exit, where nothing asynchronous runs. */
export function freezeScopeNow(scope: ProcessScope, boundMs: number): number[] {
  const deadline = Date.now() + boundMs;
  const stopped: number[] = [];
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const level of freezeLevels(scope, stopped)) {
    while (Date.now() < deadline && !level.every(isHalted)) Atomics.wait(pause, 0, 0, 1);
  }
  return stopped;
}

/** Continues the processes {@link freezeScope} stopped that are still the scope's members. */
export function resumeScope(scope: ProcessScope, stopped: readonly number[]): void {
  const live = new Set(liveMembers(scope).map((entry) => entry.pid));
  for (const pid of stopped) if (live.has(pid)) sendSignal(pid, 'SIGCONT');
}
