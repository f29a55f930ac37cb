import { realpathSync } from 'node:fs';
import path from 'node:path';
import { compileGlob } from '@toolcall/pipeline';
import { escapeGlob } from './ripgrep-args.js';

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

const compiled = new WeakMap<readonly string[], readonly RegExp[]>();
const realCwds = new Map<string, string>();

/**
 * A deny glob in ripgrep's dialect, or `undefined` where the dialects disagree. Both match the
 * whole path with `*` and `?` inside one component; `**` agrees only as a whole component
 * (`**∕`, `∕**∕`, `∕**`); the pipeline's `[`, `]`, `{`, `}` and `!` are literal, so they are
 * escaped. A trailing `/` (directories only) or whitespace (trimmed) reads differently in ripgrep.
 */
export function ripgrepGlobOf(glob: string): string | undefined {
  if (glob === '' || glob.endsWith('/') || /\s$/.test(glob) || /[\n\r]/.test(glob))
    return undefined;
  let translated = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] as string;
    if (char === '\\' && index + 1 < glob.length) {
      index++;
      translated += escapeGlob(glob[index] as string);
    } else if (char === '*' && glob[index + 1] === '*') {
      const whole =
        (index === 0 || glob[index - 1] === '/') &&
        (index + 2 === glob.length || glob[index + 2] === '/');
      if (!whole) return undefined;
      translated += '**';
      index++;
    } else if (char === '*' || char === '?') {
      translated += char;
    } else {
      translated += escapeGlob(char);
    }
  }
  return translated;
}

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

/** The withheld-file view of `globs` for a search run from `cwd`; `undefined` when there are none. */
export function deniedPathsOf(
  globs: readonly string[] | undefined,
  cwd: string,
): DeniedPaths | undefined {
  if (globs === undefined || globs.length === 0) return undefined;
  let patterns = compiled.get(globs);
  if (patterns === undefined) {
    patterns = globs.map((glob) => compileGlob(glob));
    compiled.set(globs, patterns);
  }
  const anchors = [...new Set([cwd, realCwd(cwd)])];
  const excludes: string[] = [];
  for (const glob of globs) {
    const translated = ripgrepGlobOf(glob);
    if (translated === undefined) continue;
    // ripgrep's cwd is a scratch directory, so it matches these against the absolute path; the
    // leading `/` anchors (ripgrep strips one) and keeps `*` inside one component.
    if (glob.startsWith('/')) {
      excludes.push('--glob', `!/${translated}`);
      continue;
    }
    if (glob.startsWith('*')) excludes.push('--glob', `!/${translated}`);
    for (const anchor of anchors) excludes.push('--glob', `!/${escapeGlob(anchor)}/${translated}`);
  }
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
  const ruleFor = (names: readonly string[], everyParent: boolean): string | undefined => {
    const candidates = forms(names, everyParent);
    const index = patterns.findIndex((pattern) =>
      candidates.some((candidate) => pattern.test(candidate)),
    );
    return index === -1 ? undefined : globs[index];
  };
  const globFor = (...names: readonly string[]): string | undefined => ruleFor(names, false);
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
