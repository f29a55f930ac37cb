import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { escapeGlob, hasGlobSyntax } from './ripgrep-args.js';

/**
 * A pattern ready for ripgrep: the (possibly narrowed) roots and the globs to pass with `-g`, one
 * per root (several when a case-insensitive literal directory matches several directories).
 */
export type GlobPlan =
  | {
      readonly kind: 'search';
      readonly roots: readonly string[];
      readonly globs: readonly string[];
    }
  | { readonly kind: 'no-match' }
  | { readonly kind: 'error'; readonly message: string };

/** The wording of pattern errors, by argument (`Glob pattern`, `Grep :glob`). */
export interface PatternWords {
  readonly empty: string;
  readonly subject: string;
}

/**
 * Anchors a glob at an absolute root. ripgrep strips a glob's leading slash and matches it against
 * paths relative to its cwd (a scratch directory here), so the absolute root is matched through `**`,
 * which can only match the empty prefix because every searched path lies below the root.
 */
function anchored(root: string, rest: string): string {
  return `**${escapeGlob(root)}/${rest}`;
}

/** Checks a relative pattern: not absolute, no `..` component. */
export function checkRelativePattern(pattern: string, subject: string): string | undefined {
  if (path.isAbsolute(pattern) || pattern.startsWith('~') || /^[A-Za-z]:[\\/]/.test(pattern)) {
    return `${subject} must be relative`;
  }
  if (pattern.split(/[\\/]/).includes('..'))
    return `${subject} must not traverse parent directories`;
  return undefined;
}

/**
 * The directories a path of literal components names under `root`: the path itself, or with
 * `caseInsensitive` every path whose components equal them ignoring case (a case-sensitive file
 * system may hold `docs` and `Docs` side by side), so narrowing finds what the match would.
 */
async function literalDirectories(
  root: string,
  components: readonly string[],
  caseInsensitive: boolean,
): Promise<string[]> {
  if (!caseInsensitive) return [path.join(root, ...components)];
  let current = [root];
  for (const component of components) {
    const wanted = component.toLowerCase();
    const next: string[] = [];
    for (const directory of current) {
      const names = await readdir(directory).catch(() => [] as string[]);
      for (const name of names) {
        if (name.toLowerCase() === wanted) next.push(path.join(directory, name));
      }
    }
    current = next;
  }
  return current;
}

/**
 * Plans a pattern under a root: leading literal directory components narrow the root (a missing
 * directory is an ordinary no-match, a symlink leading outside the root is refused), and a
 * pattern with a slash is anchored at the narrowed root since ripgrep anchors globs at its cwd.
 * With `caseInsensitive` (Glob's matching) the literal components match directories in any case.
 */
export async function planGlob(
  root: string,
  pattern: string,
  subject: string,
  { caseInsensitive = false }: { readonly caseInsensitive?: boolean } = {},
): Promise<GlobPlan> {
  const problem = checkRelativePattern(pattern, subject);
  if (problem !== undefined) return { kind: 'error', message: problem };
  const components = pattern
    .split('/')
    .filter((component, index) => !(component === '.' || (component === '' && index === 0)));
  let literal = 0;
  while (
    literal < components.length - 1 &&
    !hasGlobSyntax(components[literal] as string) &&
    components[literal] !== ''
  ) {
    literal += 1;
  }
  const rest = components.slice(literal).join('/');
  if (literal === 0) {
    return {
      kind: 'search',
      roots: [root],
      globs: [rest.includes('/') ? anchored(root, rest) : rest],
    };
  }
  const candidates = await literalDirectories(root, components.slice(0, literal), caseInsensitive);
  const realRoot = await realpath(root);
  const roots: string[] = [];
  for (const candidate of candidates) {
    let real: string;
    try {
      real = await realpath(candidate);
      if (!(await stat(real)).isDirectory()) continue;
    } catch {
      continue;
    }
    if (real !== realRoot && !real.startsWith(`${realRoot}${path.sep}`)) {
      return { kind: 'error', message: `${subject} escapes the search root` };
    }
    if (!roots.includes(real)) roots.push(real);
  }
  if (roots.length === 0) return { kind: 'no-match' };
  return { kind: 'search', roots, globs: roots.map((real) => anchored(real, rest)) };
}
