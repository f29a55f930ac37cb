import { closeSync, constants, fstatSync, lstatSync, openSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { ExecError } from '../errors.js';
import { fail, type Result, succeed } from '../result.js';
import { BASE_ISOLATION } from './probe.js';
import { planProtectedPath } from './protected-paths.js';

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
  protectedPaths: readonly string[];
  /** Bind writable roots through file descriptors (pipe mode), closing the swap window. */
  bindThroughFds: boolean;
}

/** A prepared confined launch. */
export interface BubblewrapPlan {
  argvPrefix: string[];
  fds: number[];
  masked: number;
  release(): void;
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
      argv.push('--bind-fd', String(2 + fds.length), path);
    } else {
      const stats = lstatSync(path);
      if (stats.dev !== expected.dev || stats.ino !== expected.ino) {
        release();
        return refuse(`The writable path ${path} was replaced after its permission check.`);
      }
      argv.push('--bind', path, path);
    }
    writable.push(path);
  }
  const exact = new Set([...writable, ...request.readRoots.map((root) => resolve(root))]);
  let masked = 0;
  for (const protectedPath of request.protectedPaths) {
    if (exact.has(resolve(protectedPath))) continue;
    const action = planProtectedPath(protectedPath, writable);
    if (action.kind === 'refuse') {
      release();
      return refuse(action.message);
    }
    if (action.kind === 'mask-directory') {
      argv.push('--tmpfs', action.path, '--remount-ro', action.path);
      masked += 1;
    } else if (action.kind === 'mask-file') {
      argv.push('--ro-bind', '/dev/null', action.path);
      masked += 1;
    }
  }
  for (const root of request.readRoots) argv.push('--ro-bind', resolve(root), resolve(root));
  if (!request.network) argv.push('--unshare-net');
  argv.push(...BASE_ISOLATION, '--chdir', request.cwd, '--');
  return succeed({ argvPrefix: argv, fds, masked, release });
}
