import { closeSync, constants, fstatSync, lstatSync, openSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { ExecError } from '../errors.js';
import { fail, type Result, succeed } from '../result.js';
import { BASE_ISOLATION } from './probe.js';
import { planProtectedPath } from './protected-paths.js';
import { releaseStub } from './protection-stubs.js';
import { createWritablePredicate, planReadOnlyMounts } from './read-only-paths.js';

/** A file's identity as seen when its permission was checked. */
export interface PathIdentity {
  dev: number;
  ino: number;
}

/** A writable grant, optionally pinned to the identity seen at the permission check. */
export type WriteGrant = string | { path: string; identity: PathIdentity };

/** Records `path`'s identity (without following a final symlink) for a later launch check. */
export function capturePathIdentity(path: string): PathIdentity {
  const stats = lstatSync(path);
  return { dev: stats.dev, ino: stats.ino };
}

/** What a confined launch needs. */
export interface BubblewrapRequest {
  bwrapPath: string;
  cwd: string;
  writableRoots: readonly WriteGrant[];
  readRoots: readonly string[];
  network: boolean;
  /** Paths hidden from the child (secrets): masked with an empty directory or `/dev/null`. */
  protectedPaths: readonly string[];
  /** Paths the child may read but not change or create (the workspace's protected paths). */
  readOnlyPaths?: readonly string[];
  /** Bind writable roots through file descriptors (pipe mode), closing the swap window. */
  bindThroughFds: boolean;
  /** The seccomp filter file ({@link writeSeccompFilter}); none where the architecture is not covered. */
  seccompPath?: string;
  /**
   * Whether descriptors cannot be passed (the node-pty backend): the filter is then opened as
   * descriptor 3 by a `/bin/sh` that execs bwrap.
   */
  seccompThroughShell?: boolean;
}

/** A prepared confined launch. */
export interface BubblewrapPlan {
  argvPrefix: string[];
  fds: number[];
  masked: number;
  /** Closes the host's copies of the descriptors: once the child has them, or on failure. */
  release(): void;
  /** Removes the stubs made for missing protected paths: once the call has settled. */
  settle(): void;
}

function depth(path: string): number {
  let count = 0;
  for (let index = path.indexOf('/'); index !== -1; index = path.indexOf('/', index + 1)) count++;
  return path === '/' ? 0 : count;
}

function refuse(message: string): Result<BubblewrapPlan> {
  return fail(new ExecError('sandbox-failed', message));
}

/** Builds the bwrap argument list for a request; failures never fall back to running unconfined. */
export function planBubblewrap(request: BubblewrapRequest): Result<BubblewrapPlan> {
  const argv = [request.bwrapPath, '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  argv.push('--tmpfs', '/tmp');
  const fds: number[] = [];
  const release = () => {
    for (const fd of fds.splice(0)) closeSync(fd);
  };
  const writable: string[] = [];
  // Every mount is laid down after the mounts of its ancestors, so a grant inside a masked
  // directory (a session's own `work` folder inside the protected session store) or a writable
  // folder inside a read root stays visible instead of being covered.
  const mounts: Array<{ path: string; args: string[] }> = [];
  const remounts: string[] = [];
  for (const grant of request.writableRoots) {
    const path = resolve(typeof grant === 'string' ? grant : grant.path);
    let expected: PathIdentity;
    let real: string;
    try {
      expected = typeof grant === 'string' ? capturePathIdentity(path) : grant.identity;
      real = realpathSync(path);
    } catch (error) {
      release();
      return refuse(`The writable path ${path} cannot be prepared: ${(error as Error).message}`);
    }
    if (real !== path) {
      release();
      return refuse(
        `The writable path ${path} is or passes through a symbolic link; grant ${real}.`,
      );
    }
    if (request.bindThroughFds) {
      let fd: number;
      try {
        fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        release();
        return refuse(
          `The writable path ${path} changed before launch: ${(error as Error).message}`,
        );
      }
      fds.push(fd);
      const stats = fstatSync(fd);
      if (stats.dev !== expected.dev || stats.ino !== expected.ino) {
        release();
        return refuse(`The writable path ${path} was replaced after its permission check.`);
      }
      mounts.push({ path, args: ['--bind-fd', String(2 + fds.length), path] });
    } else {
      const stats = lstatSync(path);
      if (stats.dev !== expected.dev || stats.ino !== expected.ino) {
        release();
        return refuse(`The writable path ${path} was replaced after its permission check.`);
      }
      mounts.push({ path, args: ['--bind', path, path] });
    }
    writable.push(path);
  }
  const seccomp: string[] = [];
  if (request.seccompPath !== undefined && request.seccompThroughShell) {
    seccomp.push('--seccomp', '3');
  } else if (request.seccompPath !== undefined) {
    try {
      fds.push(openSync(request.seccompPath, constants.O_RDONLY | constants.O_NOFOLLOW));
    } catch (error) {
      release();
      return refuse(`The seccomp filter cannot be opened: ${(error as Error).message}`);
    }
    seccomp.push('--seccomp', String(2 + fds.length));
  }
  const exact = new Set([...writable, ...request.readRoots.map((root) => resolve(root))]);
  let masked = 0;
  const readOnly = planReadOnlyMounts(request.readOnlyPaths ?? [], exact, writable);
  if (!readOnly.success) {
    release();
    return refuse(readOnly.message);
  }
  mounts.push(...readOnly.mounts);
  masked += readOnly.paths.length;
  const settle = () => {
    for (const stub of readOnly.stubs.splice(0)) releaseStub(stub);
  };
  const isWritable = createWritablePredicate(writable, readOnly.paths);
  for (const protectedPath of request.protectedPaths) {
    if (exact.has(resolve(protectedPath))) continue;
    const action = planProtectedPath(protectedPath, isWritable);
    if (action.kind === 'refuse') {
      release();
      settle();
      return refuse(action.message);
    }
    if (action.kind === 'mask-directory') {
      // Read-only once everything inside it is mounted: bwrap creates nested mount points then.
      mounts.push({ path: action.path, args: ['--tmpfs', action.path] });
      remounts.push(action.path);
      masked += 1;
    } else if (action.kind === 'mask-file') {
      mounts.push({ path: action.path, args: ['--ro-bind', '/dev/null', action.path] });
      masked += 1;
    }
  }
  for (const root of request.readRoots) {
    mounts.push({ path: resolve(root), args: ['--ro-bind', resolve(root), resolve(root)] });
  }
  // Stable: for one path, writable grants, then masks, then read roots, as listed.
  mounts.sort((a, b) => depth(a.path) - depth(b.path));
  for (const mount of mounts) argv.push(...mount.args);
  for (const path of remounts) argv.push('--remount-ro', path);
  if (!request.network) argv.push('--unshare-net');
  argv.push(...seccomp, ...BASE_ISOLATION, '--chdir', request.cwd, '--');
  const argvPrefix =
    request.seccompPath !== undefined && request.seccompThroughShell
      ? ['/bin/sh', '-c', 'exec "$@" 3<"$0"', request.seccompPath, ...argv]
      : argv;
  return succeed({ argvPrefix, fds, masked, release, settle });
}
