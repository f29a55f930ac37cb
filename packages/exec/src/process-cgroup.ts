import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_PREFIX, startReaper, sweepStale } from './process-reaper.js';

/** The default bound on processes (threads included) one call may have at once. */
export const PROCESS_LIMIT = 256;

/** One call's cgroup: every process it starts, however it detaches, stays listed here. */
export interface CallCgroup {
  directory: string;
  /** The call's `cgroup.procs`. */
  procsFile: string;
  /** The host's own `cgroup.procs` in the same hierarchy, which the host returns to. */
  hostProcsFile: string;
  limit: number;
}

// Empty call cgroups kept for reuse; more than this many calls at once is rare.
const IDLE_LIMIT = 16;

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Where this process may create cgroups with a pids controller: a cgroup v1 `pids` hierarchy,
 * or a cgroup v2 one whose own cgroup delegates `pids` to its children; undefined otherwise.
 */
export function findPidsHierarchy(): string | undefined {
  const mounts = readText('/proc/self/mountinfo') ?? '';
  const own = readText('/proc/self/cgroup') ?? '';
  for (const line of mounts.split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right) continue;
    const mountPoint = left.split(' ')[4]!;
    const [fsType, , superOptions = ''] = right.split(' ');
    if (fsType === 'cgroup' && superOptions.split(',').includes('pids')) {
      const path = /^\d+:(?:[^:]*,)?pids(?:,[^:]*)?:(.*)$/m.exec(own)?.[1];
      if (path !== undefined) return join(mountPoint, path);
    }
    if (fsType === 'cgroup2') {
      const path = /^0::(.*)$/m.exec(own)?.[1];
      if (path === undefined) continue;
      const directory = join(mountPoint, path);
      const delegated = readText(join(directory, 'cgroup.subtree_control')) ?? '';
      if (delegated.split(/\s+/).includes('pids')) return directory;
    }
  }
  return undefined;
}

/** The live pids listed in a cgroup (zombies have left it), never the host itself. */
export function cgroupPids(procsFile: string): number[] {
  const text = readText(procsFile) ?? '';
  return text
    .split('\n')
    .filter((word) => word !== '')
    .map(Number)
    .filter((pid) => pid !== process.pid);
}

let shared: ProcessCgroups | null | undefined;

/** Creates one cgroup per call under this process's own base, bounded by a pids limit. */
export class ProcessCgroups {
  private readonly idle: string[] = [];
  private created = 0;

  private constructor(
    private readonly base: string,
    private readonly hostProcsFile: string,
  ) {}

  /**
   * Prepares this process's base cgroup (sweeping those of hosts that died), or undefined when
   * no pids hierarchy is writable here; then every call can be bounded and reaped.
   */
  static create(): ProcessCgroups | undefined {
    const hierarchy = findPidsHierarchy();
    if (hierarchy === undefined) return undefined;
    sweepStale(hierarchy);
    const base = join(hierarchy, `${BASE_PREFIX}${process.pid}`);
    try {
      mkdirSync(base, { recursive: true });
      const probe = join(base, 'probe');
      mkdirSync(probe, { recursive: true });
      writeFileSync(join(probe, 'pids.max'), String(PROCESS_LIMIT));
      rmdirSync(probe);
    } catch {
      return undefined;
    }
    startReaper(base);
    return new ProcessCgroups(base, join(hierarchy, 'cgroup.procs'));
  }

  /** The process-wide instance, prepared on first use; null where no pids hierarchy is writable. */
  static shared(): ProcessCgroups | null {
    if (shared === undefined) shared = ProcessCgroups.create() ?? null;
    return shared;
  }

  /**
   * Gives one call a cgroup bounded to `limit` processes: an idle one when there is one, else a
   * new one; undefined when that fails (the call then runs unbounded, tracked by its groups).
   */
  open(limit: number): CallCgroup | undefined {
    // Killed processes are charged until their parent reaps them: reuse only a drained cgroup.
    const index = this.idle.findIndex((directory) => chargedPids(directory) === 0);
    const idle = index === -1 ? undefined : this.idle.splice(index, 1)[0];
    const directory = idle ?? join(this.base, `call-${this.created++}`);
    try {
      if (idle === undefined) mkdirSync(directory);
      writeFileSync(join(directory, 'pids.max'), String(limit));
    } catch {
      return undefined;
    }
    return {
      directory,
      procsFile: join(directory, 'cgroup.procs'),
      hostProcsFile: this.hostProcsFile,
      limit,
    };
  }

  /**
   * Takes back a call's cgroup once its call has settled. An empty one is kept for the next
   * call: removing a cgroup that held processes makes the next creation wait for the kernel to
   * retire it, which cost more than the call itself under load. One still holding processes is
   * left to the reaper.
   */
  release(cgroup: CallCgroup): void {
    if (cgroupPids(cgroup.procsFile).length > 0) return;
    if (this.idle.length < IDLE_LIMIT) this.idle.push(cgroup.directory);
    else {
      try {
        rmdirSync(cgroup.directory);
      } catch {
        // Busy after all; the reaper removes it when the host ends.
      }
    }
  }
}

/**
 * Runs a synchronous spawn with the host moved into the call's cgroup, so the child is born in
 * it (before it can fork), then moves the host back. No other JavaScript runs in between, so no
 * other spawn lands there. A joining shell in front of every command costs one more exec on top
 * of the same kernel wait. Throws when the host cannot join, so nothing starts unbounded.
 */
export function spawnInCgroup<T>(cgroup: CallCgroup | undefined, spawn: () => T): T {
  if (cgroup === undefined) return spawn();
  // The host's threads count while it visits; the call's own bound applies once it has left.
  const maxFile = join(cgroup.directory, 'pids.max');
  const threads = readdirSync('/proc/self/task').length;
  writeFileSync(maxFile, String(cgroup.limit + threads));
  writeFileSync(cgroup.procsFile, String(process.pid));
  try {
    return spawn();
  } finally {
    writeFileSync(cgroup.hostProcsFile, String(process.pid));
    writeFileSync(maxFile, String(cgroup.limit));
  }
}

function chargedPids(directory: string): number {
  return Number(readText(join(directory, 'pids.current')) ?? Number.NaN);
}
