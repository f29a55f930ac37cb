import {
  accessSync,
  constants,
  mkdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rmdir } from 'node:fs/promises';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { BASE_PREFIX, startReaper, sweepStale } from './process-reaper.js';

/** The default bound on processes (threads included) one call may have at once. */
export const PROCESS_LIMIT = 256;

/** One call's cgroup: every process it starts, however it detaches, stays listed here. */
export interface CallCgroup {
  directory: string;
  /** The call's `cgroup.procs`. */
  procsFile: string;
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

  /**
   * Gives one call a cgroup bounded to `limit` processes: an idle one when there is one, else a
   * new one; undefined when that fails (the call then runs unbounded, tracked by its groups).
   */
  open(limit: number): CallCgroup | undefined {
    // An exited process stays charged until its parent reaps it. Bubblewrap's outer process
    // exits without reaping the sandbox's init, which init then reaps when it gets to it (on
    // some hosts long after). A cgroup still holding such charges is not reused: raising its
    // bound by them would let the call start more than `limit` processes of its own once they
    // are reaped. It waits in the idle list until it is clean, and a new cgroup serves the call.
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
    // Removing waits for the kernel to retire the cgroup: off the event loop.
    else void rmdir(cgroup.directory).catch(() => undefined);
  }
}

// The child joins before it runs anything else: `echo` is a builtin, so the shell forks nothing
// first, and everything it execs and forks after is born in the call's cgroup.
const JOIN_SCRIPT =
  'echo $$ > "$0" 2>/dev/null || { echo "toolcall: could not join the call\'s process cgroup $0; nothing ran" >&2; exit 125; }; exec "$@"';

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether `file` names a program `exec` would find, as Node's spawn looks it up: a path with a
 * slash against `cwd`, a bare name along `PATH`. A launch through a shell checks it first so a
 * missing program is still a spawn failure, not the shell's exit 127.
 */
export function findsExecutable(file: string, cwd: string, path: string | undefined): boolean {
  if (file.includes('/')) return isExecutableFile(isAbsolute(file) ? file : resolve(cwd, file));
  return (path ?? '')
    .split(delimiter)
    .some((directory) => directory !== '' && isExecutableFile(join(resolve(cwd, directory), file)));
}

/**
 * The argv that starts `argv` inside the call's cgroup: a `/bin/sh` writes its own pid into the
 * cgroup and then execs it, keeping its pid, process group, descriptors and directory.
 *
 * The child moves itself rather than the host visiting the cgroup around a spawn. A move takes
 * the kernel's cgroup write lock, which waits out an RCU grace period when no other move was
 * recent (about 10 ms here after 50 ms idle) and stalls every fork meanwhile: in the child it
 * blocks only that call, never the host's event loop or other calls' sandboxes. When the move
 * fails the shell exits 125 before running anything, so nothing starts unbounded.
 */
export function joinCgroupArgv(cgroup: CallCgroup | undefined, argv: readonly string[]): string[] {
  if (cgroup === undefined) return [...argv];
  return ['/bin/sh', '-c', JOIN_SCRIPT, cgroup.procsFile, ...argv];
}

function chargedPids(directory: string): number {
  return Number(readText(join(directory, 'pids.current')) ?? Number.NaN);
}
