import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** What the Bubblewrap capability probe found. */
export interface SandboxProbe {
  available: boolean;
  /** The executable that passed the probe. */
  bwrapPath?: string;
  /** A short reason when unavailable (host-side only, never model-visible). */
  reason?: string;
}

/** Finds an executable by name on a PATH string. */
export function findExecutable(name: string, pathValue: string | undefined): string | undefined {
  for (const directory of (pathValue ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/** The isolation flags the probe and every confined launch share. */
export const BASE_ISOLATION = [
  // As root, bwrap keeps every capability unless told otherwise; CAP_SYS_ADMIN would let a
  // child unmount its masks or inject keystrokes with TIOCSTI.
  '--cap-drop',
  'ALL',
  '--unshare-pid',
  '--unshare-ipc',
  '--unshare-uts',
  '--die-with-parent',
  '--new-session',
];

/** Runs a minimal confined `true` to learn whether Bubblewrap works here. */
export function probeBubblewrap({
  pathValue,
  timeoutMs = 2_000,
}: {
  pathValue: string | undefined;
  timeoutMs?: number;
}): Promise<SandboxProbe> {
  const bwrapPath = findExecutable('bwrap', pathValue);
  if (bwrapPath === undefined) return Promise.resolve({ available: false, reason: 'not-found' });
  const truePath = findExecutable('true', pathValue) ?? '/bin/true';
  const argv = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  argv.push('--unshare-net', ...BASE_ISOLATION, truePath);
  return new Promise((resolve) => {
    const child = spawn(bwrapPath, argv, { stdio: 'ignore', timeout: timeoutMs });
    child.once('error', () => resolve({ available: false, reason: 'launch-failed' }));
    child.once('exit', (code) =>
      resolve(
        code === 0 ? { available: true, bwrapPath } : { available: false, reason: 'probe-failed' },
      ),
    );
  });
}

/** A per-target cache of probe results, so each target is probed once. */
export function createProbeCache(
  probe: (pathValue: string | undefined) => Promise<SandboxProbe> = (pathValue) =>
    probeBubblewrap({ pathValue }),
): (target: string, pathValue: string | undefined) => Promise<SandboxProbe> {
  const results = new Map<string, Promise<SandboxProbe>>();
  return (target, pathValue) => {
    const key = `${target}\0${pathValue ?? ''}`;
    let result = results.get(key);
    if (result === undefined) {
      result = probe(pathValue);
      results.set(key, result);
    }
    return result;
  };
}
