import type { CompiledRule } from './compile-rule.js';
import type { PermissionFileSystem } from './file-system.js';
import { compileGlob } from './glob.js';
import type { ResolvedPath } from './resolved-path.js';

function matchesAny(pattern: RegExp, forms: readonly string[]): boolean {
  for (const form of forms) if (pattern.test(form)) return true;
  return false;
}

// Globs below a prefix directory's real path, by `real\0rest`; links rarely change, so few entries.
const belowReal = new Map<string, RegExp>();

function globBelow(directory: string, rest: string): RegExp {
  const key = `${directory}\0${rest}`;
  let glob = belowReal.get(key);
  if (glob === undefined) {
    if (belowReal.size > 1024) belowReal.clear();
    glob = compileGlob(`${directory === '/' ? '' : directory}/${rest}`);
    belowReal.set(key, glob);
  }
  return glob;
}

// How far a search for a file's other names under a deny rule's directory goes.
const LINK_SEARCH_ENTRIES = 20_000;
const LINK_SEARCH_DEPTH = 24;

/**
 * The names under `directory` of the file whose identity is given: a breadth-first walk that
 * never follows a symbolic link and stops after a bounded number of entries.
 */
function otherNames(fs: PermissionFileSystem, directory: string, identity: string): string[] {
  const found: string[] = [];
  const queue: [string, number][] = [[directory, 0]];
  let seen = 0;
  for (let next = 0; next < queue.length && seen < LINK_SEARCH_ENTRIES; next++) {
    const [current, depth] = queue[next]!;
    for (const entry of fs.entries!(current) ?? []) {
      if (++seen > LINK_SEARCH_ENTRIES) break;
      const child = `${current === '/' ? '' : current}/${entry.name}`;
      if (entry.directory) {
        if (depth < LINK_SEARCH_DEPTH) queue.push([child, depth + 1]);
      } else if (fs.identity(child) === identity) {
        found.push(child);
      }
    }
  }
  return found;
}

/**
 * Whether a file with more than one name has another name the glob rule denies: its names
 * are looked for under the rule's leading directory (a glob with no literal leading directory
 * cannot be searched, and a name past the search's bounds is not seen).
 */
function hardLinkDenied(
  compiled: CompiledRule,
  path: ResolvedPath,
  fs: PermissionFileSystem,
  directory: string,
): boolean {
  if (fs.links === undefined || fs.entries === undefined) return false;
  for (const form of path.real) {
    if ((fs.links(form) ?? 1) < 2) continue;
    const identity = fs.identity(form);
    if (identity === undefined) continue;
    const glob = globBelow(directory, compiled.prefix!.rest);
    for (const name of otherNames(fs, directory, identity)) {
      if (glob.test(name) || compiled.matchesValue!.test(name)) return true;
    }
  }
  return false;
}

/**
 * Whether a path deny rule holds for the path, liberally: its glob against the path as
 * written and every relative and absolute form (a `~` glob also anchored at the home
 * directory); and, with a filesystem, against other names of the file: a literal rule's
 * file by real path (symbolic links on either side) or by device and inode (hard links),
 * a glob rule's leading directory by its real path, and a file with several names by the
 * names it has under that directory (hard links).
 */
export function pathDenied(
  compiled: CompiledRule,
  path: ResolvedPath,
  fs: PermissionFileSystem | undefined,
): boolean {
  if (matchesAny(compiled.matchesValue!, path.deny)) return true;
  if (path.address) return false;
  if (compiled.absoluteGlob !== undefined && matchesAny(compiled.absoluteGlob, path.absolute))
    return true;
  if (fs === undefined || path.real.length === 0) return false;
  const { literal, prefix } = compiled;
  if (literal !== undefined) {
    const real = fs.realpath(literal);
    if (real === undefined) return false;
    if (path.real.includes(real)) return true;
    const identity = fs.identity(real);
    if (identity === undefined) return false;
    for (const form of path.real) if (fs.identity(form) === identity) return true;
    return false;
  }
  if (prefix !== undefined) {
    const real = fs.realpath(prefix.directory);
    if (real === undefined) return false;
    if (real !== prefix.directory && matchesAny(globBelow(real, prefix.rest), path.real)) {
      return true;
    }
    return hardLinkDenied(compiled, path, fs, real);
  }
  return false;
}

/**
 * Whether an allow or ask path rule judges the path: an address glob meets addresses as
 * written; a relative glob meets only paths whose every form lies in the workspace, by
 * their relative forms; an absolute or `~` glob meets the absolute forms.
 */
export function pathJudged(compiled: CompiledRule, path: ResolvedPath): boolean {
  if (path.address) return compiled.matchesValue!.test(path.written);
  switch (compiled.pathKind) {
    case 'relative':
      return path.inside && matchesAny(compiled.matchesValue!, path.relative);
    case 'absolute':
    case 'home':
      return matchesAny(compiled.absoluteGlob ?? compiled.matchesValue!, path.absolute);
    default:
      return false;
  }
}
