import {
  isResourceAddress,
  type PathBase,
  pathFormsOf,
  relativeInside,
  resolveLexically,
} from './canonical-path.js';
import type { PermissionFileSystem } from './file-system.js';

/** One path fact resolved the way the tool will open it, in every form rules meet. */
export interface ResolvedPath {
  readonly written: string;
  /** A resource address (`work://…`): not a filesystem path, matched as written. */
  readonly address: boolean;
  /** The lexical absolute form, then the real one (symbolic links resolved) when it differs. */
  readonly absolute: readonly string[];
  /** The absolute forms that lie in the rule root, relative to it. */
  readonly relative: readonly string[];
  /** Every absolute form lies in the rule root (a relative rule pattern may judge it). */
  readonly inside: boolean;
  /**
   * The real absolute paths (links in the existing prefix resolved) of the path folded
   * lexically (as `path.resolve` gives it to `open`) and, when they differ, of the path as
   * the kernel walks it; empty without a filesystem.
   */
  readonly real: readonly string[];
  /** What deny rules test: as written, every relative and absolute form. */
  readonly deny: readonly string[];
  /** The form a remembered rule names. */
  readonly canonical: string;
}

const NONE: readonly string[] = Object.freeze([]);
// More links than this in one path is a loop the kernel would refuse too.
const MAX_DEPTH = 256;

/** The directory relative rule patterns are relative to: the workspace, else the working directory. */
export function ruleRootOf(base: PathBase): string {
  return base.workspace ?? base.workingDirectory;
}

/**
 * The real path of `raw` (absolute, `..` not yet folded, so the kernel climbs out of the
 * link's target as the tool's open would): the real path of its longest existing prefix
 * with the rest folded lexically.
 */
export function realPathOf(fs: PermissionFileSystem, raw: string): string | undefined {
  let head = raw;
  let tail = '';
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const real = fs.realpath(head);
    if (real !== undefined) return tail === '' ? real : resolveLexically(real, tail);
    const cut = head.lastIndexOf('/');
    if (cut < 0 || head === '/') return undefined;
    const last = head.slice(cut + 1);
    tail = tail === '' ? last : `${last}/${tail}`;
    head = head.slice(0, cut) || '/';
  }
  return undefined;
}

function pushNew(list: string[], value: string | undefined): void {
  if (value !== undefined && !list.includes(value)) list.push(value);
}

/** Resolves one path fact: `~` against the home directory, relative paths against the working directory. */
export function resolvePath(
  base: PathBase,
  written: string,
  fs: PermissionFileSystem | undefined,
  realRoot?: string,
): ResolvedPath {
  const lexical = pathFormsOf(base, written);
  if (isResourceAddress(written)) {
    return {
      written,
      address: true,
      absolute: NONE,
      relative: NONE,
      inside: true,
      real: NONE,
      deny: lexical.deny,
      canonical: lexical.canonical,
    };
  }
  // Another scheme is a relative path to a plain path argument (`x://../.env` is `.env`).
  const path = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(written) ? `./${written}` : written;
  const home = path === '~' || path.startsWith('~/');
  const raw = home
    ? `${base.homeDirectory}/${path.slice(2)}`
    : path.startsWith('/')
      ? path
      : `${base.workingDirectory}/${path}`;
  const lexicalAbsolute = home
    ? resolveLexically(base.homeDirectory, `./${path.slice(2)}`)
    : resolveLexically(base.workingDirectory, path);
  const real: string[] = [];
  if (fs !== undefined) {
    pushNew(real, realPathOf(fs, lexicalAbsolute));
    if (raw !== lexicalAbsolute) pushNew(real, realPathOf(fs, raw));
  }
  const absolute: string[] = [lexicalAbsolute];
  for (const form of real) pushNew(absolute, form);
  const root = ruleRootOf(base);
  const relative: string[] = [];
  let inside = true;
  for (const form of absolute) {
    // A workspace reached through a link is the same directory under its real name.
    const inRoot =
      relativeInside(root, form) ??
      (realRoot === undefined ? undefined : relativeInside(realRoot, form));
    if (inRoot === undefined) inside = false;
    pushNew(relative, inRoot);
  }
  const deny = [...lexical.deny];
  for (const form of absolute) pushNew(deny, form);
  for (const form of relative) pushNew(deny, form);
  for (const form of real) pushNew(deny, relativeInside(base.workingDirectory, form));
  // A remembered rule is matched like any rule: relative to the workspace, else absolute.
  const canonical = relativeInside(root, lexicalAbsolute) ?? lexicalAbsolute;
  return { written, address: false, absolute, relative, inside, real, deny, canonical };
}
