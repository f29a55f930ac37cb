import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { isPlainObject } from '../json.js';
import type { CheckpointWriter } from '../ptc/checkpoint-writer.js';

/**
 * How much later than a writer the process now holding its pid must have started to be
 * another process. Clocks are read in different ways (and `/proc` start times are off by up
 * to a second), so a closer start counts as the writer itself: recovery prefers not to steal.
 */
const REUSE_MARGIN_MS = 2_000;
/** Clock ticks per second in `/proc/PID/stat` (USER_HZ: 100 on every current Linux architecture). */
const TICKS_PER_SECOND = 100;

/** This process as the writer of a checkpoint. */
export function currentWriter(): CheckpointWriter {
  return { pid: process.pid, host: hostname(), started: performance.timeOrigin };
}

/** Why a checkpoint's `writer` field is not a writer, or undefined when it is one. */
export function writerProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'its writer is not an object';
  if (typeof value.pid !== 'number' || !Number.isSafeInteger(value.pid) || value.pid < 1) {
    return 'its writer has no positive integer pid';
  }
  if (typeof value.host !== 'string') return 'its writer has no host name';
  if (typeof value.started !== 'number' || !Number.isFinite(value.started)) {
    return 'its writer has no start time';
  }
  return undefined;
}

/** Whether a process with this pid exists now (it may belong to someone else). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** When the process now holding `pid` started (ms since the epoch), or undefined when unknown. */
async function startOf(pid: number): Promise<number | undefined> {
  if (pid === process.pid) return Date.now() - process.uptime() * 1_000;
  try {
    const [stat, system] = await Promise.all([
      readFile(`/proc/${pid}/stat`, 'utf8'),
      readFile('/proc/stat', 'utf8'),
    ]);
    // `pid (comm) state ...`: comm may hold spaces and parentheses; starttime is field 22.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const boot = /^btime (\d+)$/m.exec(system);
    if (!Number.isFinite(ticks) || boot === null) return undefined;
    return Number(boot[1]) * 1_000 + (ticks * 1_000) / TICKS_PER_SECOND;
  } catch {
    // No /proc (not Linux), or the process ended meanwhile: a later recovery will know.
    return undefined;
  }
}

/**
 * Whether the process `writer` names may still be running. False when its pid is gone, or
 * is held by a process that started after it (a reused pid: this process, or on Linux any
 * other). True while it runs, when its start cannot be read, and for a writer on another
 * host, whose processes cannot be seen from here.
 */
export async function isWriterProcessRunning(writer: CheckpointWriter): Promise<boolean> {
  if (writer.host !== hostname()) return true;
  if (writer.pid === process.pid && writer.started === performance.timeOrigin) return true;
  if (!processExists(writer.pid)) return false;
  const started = await startOf(writer.pid);
  return started === undefined || started <= writer.started + REUSE_MARGIN_MS;
}
