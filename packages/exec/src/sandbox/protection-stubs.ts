import { lstatSync, mkdirSync, readdirSync, rmdirSync } from 'node:fs';

/**
 * A placeholder the host creates where a protected path is missing, so a read-only mount can
 * sit on it for the length of one or more confined calls. A mount needs an entry to cover, and
 * inside a writable root that entry is on the user's disk: it is made right before the launch
 * and removed a moment after the last call using it has settled ({@link STUB_LINGER_MS}), so
 * the workspace is left as it was. Calls in quick succession reuse it: removing a directory a
 * sandbox has just unmounted waits for the kernel, which cost more than the call itself.
 */
export interface ProtectionStub {
  readonly path: string;
}

// Stubs are empty directories: git lists no empty directory, so `git status` inside the call and
// beside it on the host stays as it was, where an empty `.envrc` file would show as untracked.

interface Held {
  refs: number;
  dev: number;
  ino: number;
  /** Set while no call holds it: the removal waiting for the next call, if none comes first. */
  linger?: NodeJS.Timeout;
}

/** How long an unused stub waits for another call before it is removed. */
export const STUB_LINGER_MS = 1_000;

// Every stub this process holds, across managers: calls running at once share one.
const held = new Map<string, Held>();

/**
 * Creates the stub at `path` (exclusively: never over an entry someone else made) or takes one
 * more hold on the stub this process already made there. Undefined when the path exists and is
 * not this process's stub; the caller then plans it as the existing entry it is.
 */
export function acquireStub(path: string): ProtectionStub | undefined {
  const existing = holdExistingStub(path);
  if (existing !== undefined) return existing;
  try {
    mkdirSync(path, { mode: 0o755 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  const stats = lstatSync(path);
  held.set(path, { refs: 1, dev: stats.dev, ino: stats.ino });
  return { path };
}

/**
 * One more hold on the stub this process made at `path`, when the entry there is still it; a
 * call that finds a stub another call of this process made holds it too, so it stays until both
 * have settled. Undefined for anything else.
 */
export function holdExistingStub(path: string): ProtectionStub | undefined {
  const current = held.get(path);
  if (current === undefined) return undefined;
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (stats !== undefined && stats.dev === current.dev && stats.ino === current.ino) {
    clearTimeout(current.linger);
    delete current.linger;
    current.refs += 1;
    return { path };
  }
  // Replaced or removed behind our back: it is no longer ours to remove.
  held.delete(path);
  return undefined;
}

/**
 * Drops one hold; after the last one the stub waits {@link STUB_LINGER_MS} for another call,
 * then is removed when it is still the entry this process made and still empty. One that
 * gained content (a person wrote into it meanwhile) is kept.
 */
export function releaseStub(stub: ProtectionStub): void {
  const current = held.get(stub.path);
  if (current === undefined || current.refs === 0) return;
  current.refs -= 1;
  if (current.refs > 0) return;
  current.linger = setTimeout(() => removeStub(stub.path), STUB_LINGER_MS);
  current.linger.unref();
}

// Synchronous, so no plan can take the stub while it goes.
function removeStub(path: string): void {
  const current = held.get(path);
  if (current === undefined || current.refs > 0) return;
  clearTimeout(current.linger);
  held.delete(path);
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats === undefined || stats.dev !== current.dev || stats.ino !== current.ino) return;
    if (stats.isDirectory() && readdirSync(path).length === 0) rmdirSync(path);
  } catch {
    // Busy (still mounted by a sandbox another process started) or gone: left as it is.
  }
}

/** Removes now every stub no call holds (a manager's teardown, the host's exit). */
export function removeUnheldStubs(): void {
  for (const [path, current] of [...held]) if (current.refs === 0) removeStub(path);
}

process.on('exit', removeUnheldStubs);
