import { lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** How one protected path is kept from a confined child. */
export type ProtectedAction =
  | { kind: 'mask-directory'; path: string }
  | { kind: 'mask-file'; path: string }
  | { kind: 'absent'; path: string }
  | { kind: 'refuse'; path: string; message: string };

/** The hidden paths (secrets, the session store) every confined child gets unless the caller replaces them. */
export function defaultProtectedPaths({
  home,
  workspaceRoot,
  sessionStore,
}: {
  home: string | undefined;
  workspaceRoot: string;
  sessionStore?: string;
}): string[] {
  const paths = home ? ['.ssh', '.gnupg', '.aws'].map((name) => join(home, name)) : [];
  paths.push(sessionStore ?? join(workspaceRoot, '.toolcall', 'sessions'));
  return paths;
}

/** Whether `path` is `root` or lies below it. */
export function isWithin(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function planExisting(path: string): ProtectedAction {
  return lstatSync(path).isDirectory()
    ? { kind: 'mask-directory', path }
    : { kind: 'mask-file', path };
}

/**
 * Decides per path how to protect it: mask what exists (following a symlink to its target),
 * mask a missing path whose parent sits in a writable root, and refuse a dangling symlink
 * that points into one, so one odd path never disables confinement for every command.
 */
export function planProtectedPath(
  path: string,
  writableRoots: readonly string[] | ((candidate: string) => boolean),
): ProtectedAction {
  const absolute = resolve(path);
  let stats: ReturnType<typeof lstatSync> | undefined;
  try {
    stats = lstatSync(absolute);
  } catch {
    stats = undefined;
  }
  const writable =
    typeof writableRoots === 'function'
      ? writableRoots
      : (candidate: string) => writableRoots.some((root) => isWithin(candidate, root));
  if (stats?.isSymbolicLink()) {
    try {
      return planExisting(realpathSync(absolute));
    } catch {
      if (!writable(absolute)) return { kind: 'absent', path: absolute };
      return {
        kind: 'refuse',
        path: absolute,
        message: `The protected path ${absolute} is a dangling symbolic link inside a writable root; remove it or point it at an existing path.`,
      };
    }
  }
  if (stats !== undefined) return planExisting(absolute);
  // A parent that is a file (`.git` in a git worktree) cannot hold the path: nothing to mask.
  if (writable(absolute) && statSync(dirname(absolute), { throwIfNoEntry: false })?.isDirectory()) {
    return { kind: 'mask-directory', path: absolute };
  }
  return { kind: 'absent', path: absolute };
}
