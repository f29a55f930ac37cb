import { spawn } from 'node:child_process';
import { type Dirent, readdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { cgroupPids } from './process-cgroup.js';

/** The name of a host's base cgroup is this prefix and the host's pid. */
export const BASE_PREFIX = 'toolcall-exec-';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills what is left in another process's call cgroups and removes them (the sweep at start). */
export function sweepStale(hierarchy: string): void {
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
    let calls: Dirent[];
    try {
      calls = readdirSync(base, { withFileTypes: true });
    } catch {
      // Another starting host swept it first.
      continue;
    }
    for (const call of calls) {
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

export function startReaper(base: string): void {
  const reaper = spawn('/bin/sh', ['-c', REAPER_SCRIPT, base], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  reaper.on('error', () => undefined);
  reaper.stdin?.on('error', () => undefined);
  reaper.unref();
  (reaper.stdin as unknown as { unref?: () => void } | null)?.unref?.();
}
