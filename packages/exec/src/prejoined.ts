import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { CallCgroup, ProcessCgroups } from './process-cgroup.js';

/**
 * A bash waiting inside a call's cgroup to become that call's command.
 *
 * Moving a process into a cgroup takes the kernel's cgroup write lock, which waits out an RCU
 * grace period when no other move was recent: about 10 ms per call here once calls are a model's
 * think time apart, and every fork on the machine stalls meanwhile. A launcher makes that move
 * while nothing waits on it; the call then only tells it what to exec, so its command is born in
 * the cgroup without a move, and without forking the host either.
 *
 * Its descriptors are made at spawn: 0 the instructions, 1 and 2 the call's output, 3 and 4 the
 * status pipes a launch may ask for, 5 the acknowledgement, closed just before the exec once the
 * launcher holds everything the host lent it.
 */
export interface Launcher {
  readonly child: ChildProcess;
  readonly cgroup: CallCgroup;
  /** The environment it was started with, which instructions adjust. */
  readonly environment: Readonly<Record<string, string>>;
  /** Where the script that turns it into a call is written. */
  readonly scriptPath: string;
  /** True once it sits in its cgroup; false when it died or could not move. */
  readonly ready: Promise<boolean>;
}

// Reads the NUL-terminated path of one script and runs it; the end of input (the host gone) ends
// it quietly. A path, not the script: bash reads a pipe one byte per system call, a file in blocks.
const LAUNCHER_SCRIPT =
  'IFS= read -r -d \'\' __toolcall_script || exit 0\n. "$__toolcall_script"\nexit 126';

/** The descriptors every launcher is started with; see {@link Launcher}. */
export const LAUNCHER_STATUS_FD = 3;
export const LAUNCHER_SECOND_STATUS_FD = 4;
export const LAUNCHER_ACK_FD = 5;

// How long a teardown waits for a killed launcher to be reaped.
const DISCARD_BOUND_MS = 2_000;

// Launchers kept per kind: calls that follow each other at once take one while the next is still
// being moved, so two keep up with back-to-back calls.
const DEPTH = 2;

/** Keeps launchers ready per environment kind (confined or not) for the next calls. */
export class PrejoinedLaunchers {
  private readonly idle = new Map<string, Launcher[]>();
  private closed = false;

  constructor(
    private readonly cgroups: ProcessCgroups,
    private readonly limit: number,
    private readonly environmentFor: (kind: string) => Record<string, string>,
    /** A private directory for the scripts handed to launchers. */
    readonly scriptDirectory: string,
  ) {}

  /**
   * The launcher waiting for `kind`, once it is in its cgroup (waiting for a move in flight is
   * never slower than making one); undefined when none is there or it failed.
   */
  async take(kind: string): Promise<Launcher | undefined> {
    if (this.closed) return undefined;
    const launcher = this.idle.get(kind)?.shift();
    if (launcher === undefined) return undefined;
    if (await launcher.ready) return launcher;
    void discard(launcher, this.cgroups);
    return undefined;
  }

  /**
   * Prepares the launcher for the next call of `kind`, on a later turn of the event loop: called
   * once a call has settled, so neither its spawn nor its move delays a call in flight.
   */
  replenish(kind: string): void {
    if (this.closed || (this.idle.get(kind)?.length ?? 0) >= DEPTH) return;
    setImmediate(() => {
      this.prepare(kind);
      if ((this.idle.get(kind)?.length ?? DEPTH) < DEPTH) this.replenish(kind);
    });
  }

  private prepare(kind: string): void {
    const waiting = this.idle.get(kind) ?? [];
    if (this.closed || waiting.length >= DEPTH) return;
    const cgroup = this.cgroups.open(this.limit);
    if (cgroup === undefined) return;
    const environment = this.environmentFor(kind);
    let child: ChildProcess;
    try {
      child = spawn('bash', ['--noprofile', '--norc', '-c', LAUNCHER_SCRIPT], {
        cwd: '/',
        env: environment,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
      });
    } catch {
      this.cgroups.release(cgroup);
      return;
    }
    child.on('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    // An idle launcher must not keep the host alive.
    child.unref();
    for (const stream of child.stdio) (stream as { unref?: () => void } | null)?.unref?.();
    const alive = new Promise<boolean>((resolve) => {
      child.once('spawn', () => resolve(true));
      child.once('error', () => resolve(false));
    });
    const ready = alive.then(async (started) => {
      if (!started || child.pid === undefined) return false;
      try {
        await writeFile(cgroup.procsFile, String(child.pid));
        return child.exitCode === null && child.signalCode === null;
      } catch {
        return false;
      }
    });
    const scriptPath = join(this.scriptDirectory, `launch-${child.pid ?? 'none'}.sh`);
    const launcher: Launcher = { child, cgroup, environment, ready, scriptPath };
    child.once('exit', () => {
      const index = waiting.indexOf(launcher);
      if (index === -1) return;
      waiting.splice(index, 1);
      this.cgroups.release(cgroup);
    });
    waiting.push(launcher);
    this.idle.set(kind, waiting);
  }

  /** Ends a launcher that was taken but not used. */
  discard(launcher: Launcher): void {
    void discard(launcher, this.cgroups);
  }

  /** Ends every waiting launcher; later takes find none. Resolves once they have exited. */
  close(): Promise<void> {
    this.closed = true;
    const ended: Promise<void>[] = [];
    for (const waiting of this.idle.values()) {
      for (const launcher of waiting.splice(0)) ended.push(discard(launcher, this.cgroups));
    }
    this.idle.clear();
    return Promise.all(ended).then(() => undefined);
  }
}

function discard(launcher: Launcher, cgroups: ProcessCgroups): Promise<void> {
  const { child } = launcher;
  // Whoever waits for it keeps the host alive until it is gone (an idle launcher does not); the
  // wait is bounded in case the kill cannot reach it.
  child.ref();
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, DISCARD_BOUND_MS);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
  child.stdin?.destroy();
  for (const stream of child.stdio.slice(1)) (stream as Readable | null)?.destroy();
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
  return exited.then(() => cgroups.release(launcher.cgroup));
}
