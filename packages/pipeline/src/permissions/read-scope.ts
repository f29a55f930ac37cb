import type { PathBase } from './canonical-path.js';
import { relativeInside, resolveLexically } from './canonical-path.js';
import type { PermissionFileSystem } from './file-system.js';
import type { ResolvedPath } from './resolved-path.js';

function within(roots: readonly string[], form: string): boolean {
  for (const root of roots) if (relativeInside(root, form) !== undefined) return true;
  return false;
}

/**
 * Where a call may go without a question: reads under the workspace or an extra read root,
 * writes under the workspace; each root under its lexical and its real name.
 */
export class PathScope {
  readonly #workspace: readonly string[];
  readonly #readable: readonly string[];

  constructor(workspace: readonly string[], readable: readonly string[]) {
    this.#workspace = workspace;
    this.#readable = readable;
  }

  /** Whether every form of the path lies in scope for the access (an address always does). */
  contains(path: ResolvedPath, access: 'read' | 'write'): boolean {
    if (path.address) return true;
    const roots = access === 'read' ? this.#readable : this.#workspace;
    for (const form of path.absolute) if (!within(roots, form)) return false;
    return true;
  }
}

function rootForms(
  base: PathBase,
  root: string,
  fs: PermissionFileSystem | undefined,
  into: string[],
): void {
  const lexical =
    root === '~' || root.startsWith('~/')
      ? resolveLexically(base.homeDirectory, `./${root.slice(2)}`)
      : resolveLexically(base.workingDirectory, root);
  if (!into.includes(lexical)) into.push(lexical);
  const real = fs?.realpath(lexical);
  if (real !== undefined && !into.includes(real)) into.push(real);
}

/** The scope of a base with a workspace; undefined without one (no scope is enforced). */
export function pathScopeOf(
  base: PathBase,
  readRoots: readonly string[],
  fs: PermissionFileSystem | undefined,
): PathScope | undefined {
  if (base.workspace === undefined) return undefined;
  const workspace: string[] = [];
  rootForms(base, base.workspace, fs, workspace);
  const readable = [...workspace];
  for (const root of readRoots) rootForms(base, root, fs, readable);
  return new PathScope(workspace, readable);
}
