import { lstatSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isWithin } from './protected-paths.js';
import {
  acquireStub,
  holdExistingStub,
  type ProtectionStub,
  releaseStub,
} from './protection-stubs.js';

/** How one read-only protected path is kept from change inside a confined child. */
export type ReadOnlyAction =
  /** An existing file or directory, bound read-only onto itself. */
  | { kind: 'bind-read-only'; path: string; pins: string[] }
  /**
   * The highest missing component, covered by a read-only mount on a stub made for the call, so
   * it cannot be made; `target` is the protected path it leads to.
   */
  | { kind: 'mask-missing'; path: string; target: string; pins: string[] }
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
    return { kind: 'mask-missing', path: highestMissing, target: absolute, pins: ownPins };
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
      /** The paths mounted over (bound or masked), one per protected path that needed it. */
      paths: string[];
      /** The stubs made for missing paths, to release once the call has settled. */
      stubs: ProtectionStub[];
    }
  | { success: false; message: string };

/**
 * Plans every read-only path; an exact grant (`exact`) lifts that path's protection. A missing
 * path gets a stub (see {@link acquireStub}) that the returned mounts bind read-only onto itself;
 * on a refusal the stubs made so far are released before returning.
 */
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
  const paths: string[] = [];
  const stubs: ProtectionStub[] = [];
  const pinned = new Set<string>();
  const refuse = (message: string): ReadOnlyMounts => {
    for (const stub of stubs) releaseStub(stub);
    return { success: false, message };
  };
  for (const path of new Set(outermost)) {
    let action = planReadOnlyPath(path, writableRoots);
    let stub: ProtectionStub | undefined;
    if (action.kind === 'mask-missing' && !paths.includes(action.path)) {
      try {
        stub = acquireStub(action.path);
      } catch (error) {
        return refuse(
          `The protected path ${action.path} is missing and cannot be held read-only: ${(error as Error).message}`,
        );
      }
      // Made by someone else a moment ago: plan it as the entry it now is.
      if (stub === undefined) action = planReadOnlyPath(path, writableRoots);
      if (action.kind === 'mask-missing' && stub === undefined) {
        return refuse(`The protected path ${action.path} changed while the sandbox was planned.`);
      }
    }
    if (action.kind === 'refuse') return refuse(action.message);
    if (action.kind === 'none' || paths.includes(action.path)) continue;
    // An existing entry may be the stub a running call of this process made: hold it as well.
    stub ??= holdExistingStub(action.path);
    if (stub !== undefined) stubs.push(stub);
    for (const pin of action.pins) {
      if (pinned.has(pin)) continue;
      pinned.add(pin);
      mounts.push({ path: pin, args: ['--bind', pin, pin] });
    }
    mounts.push({ path: action.path, args: ['--ro-bind', action.path, action.path] });
    paths.push(action.path);
  }
  return { success: true, mounts, paths, stubs };
}
