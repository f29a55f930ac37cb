/**
 * What the policy reads from the filesystem to resolve path facts the way a tool will open
 * them. Both methods are synchronous (a decision must be answerable now) and never throw.
 */
export interface PermissionFileSystem {
  /** The real path of an existing path (every symbolic link resolved); undefined when missing. */
  realpath(path: string): string | undefined;
  /** A key equal for two names of one file (device and inode, links followed); undefined when missing. */
  identity(path: string): string | undefined;
  /** How many names (hard links) the file has, links followed; undefined when missing. */
  links?(path: string): number | undefined;
  /** A directory's entries, symbolic links not followed; undefined when it cannot be read. */
  entries?(
    path: string,
  ): readonly { readonly name: string; readonly directory: boolean }[] | undefined;
}

/** The part of `node:fs` the policy uses, so the package root never imports it. */
export interface NodeFsLike {
  realpathSync: { native(path: string): string };
  statSync(
    path: string,
    options: { throwIfNoEntry: false },
  ): { dev: number; ino: number; nlink: number; isDirectory?(): boolean } | undefined;
  readdirSync?(
    path: string,
    options: { withFileTypes: true },
  ): { name: string; isDirectory(): boolean }[];
}

/** A `PermissionFileSystem` over Node's `fs` module (or one shaped like it). */
export function permissionFileSystemOf(fs: NodeFsLike): PermissionFileSystem {
  return {
    realpath(path) {
      try {
        return fs.realpathSync.native(path);
      } catch {
        return undefined;
      }
    },
    identity(path) {
      try {
        const stats = fs.statSync(path, { throwIfNoEntry: false });
        return stats === undefined ? undefined : `${stats.dev}:${stats.ino}`;
      } catch {
        return undefined;
      }
    },
    links(path) {
      try {
        const stats = fs.statSync(path, { throwIfNoEntry: false });
        // A directory's count is its subdirectories, never other names: it has one.
        return stats?.isDirectory?.() ? 1 : stats?.nlink;
      } catch {
        return undefined;
      }
    },
    entries(path) {
      if (fs.readdirSync === undefined) return undefined;
      try {
        return fs
          .readdirSync(path, { withFileTypes: true })
          .map((entry) => ({ name: entry.name, directory: entry.isDirectory() }));
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The runtime's filesystem where the host offers it without an import (Node's
 * `process.getBuiltinModule`, Node 20.16+); undefined elsewhere, where paths are resolved
 * lexically only unless a `fileSystem` is given.
 */
export function builtinFileSystem(): PermissionFileSystem | undefined {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fs = host?.getBuiltinModule?.('node:fs') as NodeFsLike | undefined;
  return typeof fs?.realpathSync?.native === 'function' ? permissionFileSystemOf(fs) : undefined;
}
