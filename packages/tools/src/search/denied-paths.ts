import { realpathSync } from 'node:fs';
import path from 'node:path';
import { compileGlob } from '@toolcall/pipeline';
import { requiredText, ripgrepExcludes } from './deny-globs.js';

/**
 * The deny rules' path globs as a search applies them. A file is withheld when its path, or the
 * path of a directory holding it, matches a glob, as `.gitignore` does: ripgrep prunes a
 * directory an exclusion names, so the post-filter hides the same files. A glob is tried on the
 * absolute path and on the path relative to the working directory, the two ways a call names a
 * file, both for the backing path and for the path shown.
 */
export interface DeniedPaths {
  /** ripgrep `--glob` pairs excluding, before they are read, the files the translated globs name. */
  readonly excludes: readonly string[];
  /** Whether any of the ways a file is named is withheld. */
  denies(...names: readonly string[]): boolean;
  /** The glob that withholds a name, for messages. */
  globFor(...names: readonly string[]): string | undefined;
  /** The glob that withholds a search root (so everything below it), if any. */
  rootRule(roots: readonly string[], show: (path: string) => string): string | undefined;
}

interface CompiledGlob {
  readonly pattern: RegExp;
  /** Text every path the glob matches contains. */
  readonly required: string;
}

const compiled = new WeakMap<readonly string[], readonly CompiledGlob[]>();
const realCwds = new Map<string, string>();

function realCwd(cwd: string): string {
  let real = realCwds.get(cwd);
  if (real === undefined) {
    try {
      real = realpathSync(cwd);
    } catch {
      real = cwd;
    }
    realCwds.set(cwd, real);
  }
  return real;
}

/**
 * The path and each directory above it, stopping below the file system root, or below `stop`
 * (a directory holding the path) when given.
 */
function withParents(name: string, into: string[], stop?: string): void {
  let current = name;
  while (current !== '' && current !== '/' && current !== '.' && current !== stop) {
    into.push(current);
    const parent = path.posix.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

/**
 * The withheld-file view of `globs` for one search run from `cwd`; `undefined` when there are
 * none. It remembers what it was asked, so it serves one call.
 */
export function deniedPathsOf(
  globs: readonly string[] | undefined,
  cwd: string,
): DeniedPaths | undefined {
  if (globs === undefined || globs.length === 0) return undefined;
  let patterns = compiled.get(globs);
  if (patterns === undefined) {
    patterns = globs.map((glob) => ({ pattern: compileGlob(glob), required: requiredText(glob) }));
    compiled.set(globs, patterns);
  }
  const anchors = [...new Set([cwd, realCwd(cwd)])];
  const excludes = ripgrepExcludes(globs, anchors);
  // A file inside the working directory is held by the directories between it and there, as
  // a search inside it prunes them; the directories above are the search root's, which
  // `rootRule` weighs (with every parent) before any file is listed. Walking them for each
  // file made a glob such as `*/*` match `/tmp` and so every file below it.
  const forms = (names: readonly string[], everyParent: boolean): string[] => {
    const found: string[] = [];
    for (const name of names) {
      if (!name.startsWith('/')) {
        // A resource address is matched as shown.
        found.push(name);
        continue;
      }
      const inside = everyParent
        ? undefined
        : anchors.find((anchor) => name.startsWith(`${anchor}/`));
      withParents(name, found, inside);
      for (const anchor of anchors) {
        if (name.startsWith(`${anchor}/`)) withParents(name.slice(anchor.length + 1), found);
      }
    }
    return found;
  };
  // A search asks about every file it lists, twice (as output streams, then for the page), and
  // files share their directories: each form's first matching glob is remembered for the call.
  const firstMatches = new Map<string, number>();
  const firstMatch = (candidate: string): number => {
    let index = firstMatches.get(candidate);
    if (index === undefined) {
      index = patterns.findIndex(
        ({ pattern, required }) => candidate.includes(required) && pattern.test(candidate),
      );
      firstMatches.set(candidate, index);
    }
    return index;
  };
  // The first glob that matches any form: the least of the forms' first matches.
  const ruleFor = (names: readonly string[], everyParent: boolean): string | undefined => {
    let first = -1;
    for (const candidate of forms(names, everyParent)) {
      const index = firstMatch(candidate);
      if (index !== -1 && (first === -1 || index < first)) first = index;
      if (first === 0) break;
    }
    return first === -1 ? undefined : globs[first];
  };
  const verdicts = new Map<string, string | undefined>();
  const globFor = (...names: readonly string[]): string | undefined => {
    const key = names.join('\0');
    if (verdicts.has(key)) return verdicts.get(key);
    const glob = ruleFor(names, false);
    verdicts.set(key, glob);
    return glob;
  };
  return {
    excludes,
    globFor,
    denies: (...names) => globFor(...names) !== undefined,
    rootRule: (roots, show) => {
      for (const root of roots) {
        const glob = ruleFor([root, show(root)], true);
        if (glob !== undefined) return glob;
      }
      return undefined;
    },
  };
}
