import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The default bound on processes (threads included) one call may have at once. */
export const PROCESS_LIMIT = 256;

/** One call's cgroup: every process it starts, however it detaches, stays listed here. */
export interface CallCgroup {
  directory: string;
  /** The `cgroup.procs` file a process writes `0` into to join. */
  procsFile: string;
}

const BASE_PREFIX = 'toolcall-exec-';

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

/** The live pids listed in a cgroup (zombies have left it). */
export function cgroupPids(procsFile: string): number[] {
  const text = readText(procsFile) ?? '';
  return text
    .split('\n')
    .filter((word) => word !== '')
    .map(Number);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills what is left in another process's call cgroups and removes them (the sweep at start). */
function sweepStale(hierarchy: string): void {
  let names: string[];
  try {
    names = readdirSync(hierarchy).filter((name) => name.startsWith(BASE_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const owner = Number(name.slice(BASE_PREFIX.length));
    if (!Number.isInteger(owner) || owner === process.pid || isAlive(owner)) continue;
    const base = join(hierarchy, name);
    for (const call of readdirSync(base, { withFileTypes: true })) {
      if (!call.isDirectory()) continue;
      const procs = join(base, call.name, 'cgroup.procs');
      // Bounded: each round kills everything listed, and a fork needs a live parent.
      for (let round = 0; round < 100 && cgroupPids(procs).length > 0; round += 1) {
        for (const pid of cgroupPids(procs)) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Gone already.
          }
        }
      }
      try {
        rmdirSync(join(base, call.name));
      } catch {
        // Still emptying; the next start tries again.
      }
    }
    try {
      rmdirSync(base);
    } catch {
      // Not empty yet.
    }
  }
}

// Runs detached and waits for its stdin to end, which happens however the host ends, SIGKILL
// included; then it kills everything left in the host's call cgroups and removes them.
const REAPER_SCRIPT = `read _
cd "$0" 2>/dev/null || exit 0
i=0
while [ $i -lt 200 ]; do
  busy=
  for f in */cgroup.procs; do
    [ -f "$f" ] || continue
    for p in $(cat "$f"); do kill -9 "$p" 2>/dev/null; busy=1; done
  done
  [ -z "$busy" ] && break
  i=$((i+1))
done
for d in */; do rmdir "$d" 2>/dev/null; done
cd / && rmdir "$0" 2>/dev/null
exit 0`;

function startReaper(base: string): void {
  const reaper = spawn('/bin/sh', ['-c', REAPER_SCRIPT, base], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  reaper.on('error', () => undefined);
  reaper.stdin?.on('error', () => undefined);
  reaper.unref();
  (reaper.stdin as unknown as { unref?: () => void } | null)?.unref?.();
}

let shared: ProcessCgroups | null | undefined;

/** Creates one cgroup per call under this process's own base, bounded by a pids limit. */
export class ProcessCgroups {
  private constructor(private readonly base: string) {}

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
    return new ProcessCgroups(base);
  }

  /** The process-wide instance, prepared on first use; null where no pids hierarchy is writable. */
  static shared(): ProcessCgroups | null {
    if (shared === undefined) shared = ProcessCgroups.create() ?? null;
    return shared;
  }

  /** Creates the cgroup of one call, or undefined when that fails (it then runs unbounded). */
  open(name: string, limit: number): CallCgroup | undefined {
    const directory = join(this.base, name);
    try {
      mkdirSync(directory);
      writeFileSync(join(directory, 'pids.max'), String(limit));
    } catch {
      return undefined;
    }
    return { directory, procsFile: join(directory, 'cgroup.procs') };
  }
}

/** Removes a call's cgroup once it is empty; false while processes remain. */
export function removeCallCgroup(cgroup: CallCgroup): boolean {
  try {
    rmdirSync(cgroup.directory);
    return true;
  } catch {
    return false;
  }
}

/** The argv prefix that moves the command into its cgroup before it runs, or fails without running it. */
export function joinCgroupArgv(cgroup: CallCgroup): string[] {
  return ['/bin/sh', '-c', 'echo 0 >"$0" && exec "$@"', cgroup.procsFile];
}
