import { lstatSync, realpathSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { ResourceError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';

/** Where an address landed on disk, after every symlink was resolved inside its root. */
export type Containment =
  | { readonly kind: 'no-root' }
  | {
      readonly kind: 'exists';
      readonly realRoot: string;
      readonly real: string;
      readonly stats: Stats;
    }
  | { readonly kind: 'missing'; readonly realRoot: string; readonly real: string };

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Whether `candidate` is `root` or lies below it (both already real paths). */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}

/** The error for a target that resolves outside its root; names only the address. */
export function outsideRoot(address: string): ResourceError {
  return new ResourceError('outside-root', `${address} resolves outside its resource root`, {
    address,
  });
}

// Symlink loops and permission errors: keep only the system code, never the message.
function unresolvable(address: string, error: unknown): ResourceError {
  const code = (error as { code?: unknown } | null)?.code;
  return new ResourceError('io-failed', `Could not resolve ${address}`, {
    address,
    ...(typeof code === 'string' ? { systemCode: code } : {}),
  });
}

/** Resolves a root's real path, or undefined when it does not exist. */
export function realRootOf(root: string): string | undefined {
  try {
    return realpathSync.native(root);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * Resolves `components` below `root` with realpath, refusing any symlink that leads
 * outside. A missing target resolves to its deepest existing (contained) ancestor.
 */
export function resolveContained(
  root: string,
  components: readonly string[],
  address: string,
  knownRealRoot?: string,
): Result<Containment> {
  const realRoot = knownRealRoot ?? realRootOf(root);
  if (realRoot === undefined) return ok({ kind: 'no-root' });
  const target = components.length === 0 ? realRoot : path.join(realRoot, ...components);
  let probe = target;
  const tail: string[] = [];
  for (;;) {
    let real: string;
    try {
      real = realpathSync.native(probe);
    } catch (error) {
      if (!isMissing(error)) return fail(unresolvable(address, error));
      if (probe === realRoot) return ok({ kind: 'no-root' });
      tail.unshift(path.basename(probe));
      probe = path.dirname(probe);
      continue;
    }
    if (!isInside(realRoot, real)) return fail(outsideRoot(address));
    if (tail.length > 0) return ok({ kind: 'missing', realRoot, real: path.join(real, ...tail) });
    return ok({ kind: 'exists', realRoot, real, stats: statSync(real) });
  }
}

/** Whether a path exists as a symlink (dangling or not) without following it. */
export function isSymlink(target: string): boolean {
  return lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
}
