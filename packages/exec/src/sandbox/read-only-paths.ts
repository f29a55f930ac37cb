import { lstatSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isWithin } from './protected-paths.js';

/** How one read-only protected path is kept from change inside a confined child. */
export type ReadOnlyAction =
  /** An existing file or directory, bound read-only onto itself. */
  | { kind: 'bind-read-only'; path: string; pins: string[] }
  /** The highest missing component, covered by an empty read-only directory so it cannot be made. */
  | { kind: 'mask-missing'; path: string; pins: string[] }
  /** Nothing writable leads to it: the read-only root already protects it. */
  | { kind: 'none'; path: string }
  | { kind: 'refuse'; path: string; message: string };

function kindOf(path: string): 'missing' | 'link' | 'present' {
  try {
    return lstatSync(path).isSymbolicLink() ? 'link' : 'present';
  } catch {
    return 'missing';
  }
}

/**
 * Plans one read-only path.
 * Every writable directory between a writable root and the path is returned as a pin (bound
 * onto itself): a mount point cannot be renamed, so `mv .git x; mkdir .git` cannot swap a fresh
 * config in. A symbolic link on the way inside a writable root could be replaced by the child,
 * so it refuses the command rather than protecting the link's target alone.
 */
export function planReadOnlyPath(path: string, writableRoots: readonly string[]): ReadOnlyAction {
  const absolute = resolve(path);
  const writable = (candidate: string) => writableRoots.some((root) => isWithin(candidate, root));
  // From the path up to the first component the child cannot change.
  const chain: string[] = [];
  for (let current = absolute; writable(current); current = dirname(current)) {
    chain.push(current);
    if (dirname(current) === current) break;
  }
  if (chain.length === 0) return { kind: 'none', path: absolute };
  let highestMissing: string | undefined;
  const pins: string[] = [];
  for (const component of chain.reverse()) {
    const kind = kindOf(component);
    if (kind === 'link') {
      return {
        kind: 'refuse',
        path: absolute,
        message: `The protected path ${absolute} passes through the symbolic link ${component} inside a writable root; replace the link with the directory or file it points to.`,
      };
    }
    if (kind === 'missing') {
      highestMissing = component;
      break;
    }
    if (component !== absolute) pins.push(component);
  }
  // The highest component is the writable root's own mount: pinned already.
  const ownPins = pins.filter((pin) => writable(dirname(pin)));
  if (highestMissing !== undefined) {
    return { kind: 'mask-missing', path: highestMissing, pins: ownPins };
  }
  return { kind: 'bind-read-only', path: absolute, pins: ownPins };
}

/**
 * Whether `path` may change inside the sandbox: the deepest writable root or read-only path
 * that contains it decides, so a grant inside a protected directory stays writable.
 */
export function createWritablePredicate(
  writableRoots: readonly string[],
  readOnlyPaths: readonly string[],
): (path: string) => boolean {
  return (path) => {
    let best = -1;
    let result = false;
    for (const root of writableRoots) {
      if (isWithin(path, root) && root.length > best) {
        best = root.length;
        result = true;
      }
    }
    for (const readOnly of readOnlyPaths) {
      if (isWithin(path, readOnly) && readOnly.length >= best) {
        best = readOnly.length;
        result = false;
      }
    }
    return result;
  };
}

/** The mounts that keep a set of read-only paths unchanged, or the first refusal. */
export type ReadOnlyMounts =
  | {
      success: true;
      mounts: Array<{ path: string; args: string[] }>;
      remounts: string[];
      /** The paths mounted over (bound or masked), one per protected path that needed it. */
      paths: string[];
    }
  | { success: false; message: string };

/** Plans every read-only path; an exact grant (`exact`) lifts that path's protection. */
export function planReadOnlyMounts(
  readOnlyPaths: readonly string[],
  exact: ReadonlySet<string>,
  writableRoots: readonly string[],
): ReadOnlyMounts {
  const candidates = readOnlyPaths.map((path) => resolve(path)).filter((path) => !exact.has(path));
  // A path inside another read-only path is covered by that one's mount.
  const outermost = candidates.filter(
    (path) => !candidates.some((other) => other !== path && isWithin(path, other)),
  );
  const mounts: Array<{ path: string; args: string[] }> = [];
  const remounts: string[] = [];
  const paths: string[] = [];
  const pinned = new Set<string>();
  for (const path of new Set(outermost)) {
    const action = planReadOnlyPath(path, writableRoots);
    if (action.kind === 'refuse') return { success: false, message: action.message };
    if (action.kind === 'none' || paths.includes(action.path)) continue;
    for (const pin of action.pins) {
      if (pinned.has(pin)) continue;
      pinned.add(pin);
      mounts.push({ path: pin, args: ['--bind', pin, pin] });
    }
    if (action.kind === 'bind-read-only') {
      mounts.push({ path: action.path, args: ['--ro-bind', action.path, action.path] });
    } else {
      mounts.push({ path: action.path, args: ['--tmpfs', action.path] });
      remounts.push(action.path);
    }
    paths.push(action.path);
  }
  return { success: true, mounts, remounts, paths };
}
