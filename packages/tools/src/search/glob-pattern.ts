import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { escapeGlob, hasGlobSyntax } from './ripgrep-args.js';

/** A pattern ready for ripgrep: the (possibly narrowed) root and the glob to pass with `-g`. */
export type GlobPlan =
  | { readonly kind: 'search'; readonly root: string; readonly glob: string }
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
 * Plans a pattern under a root: leading literal directory components narrow the root (a missing
 * directory is an ordinary no-match, a symlink leading outside the root is refused), and a
 * pattern with a slash is anchored at the narrowed root since ripgrep anchors globs at its cwd.
 */
export async function planGlob(root: string, pattern: string, subject: string): Promise<GlobPlan> {
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
    return { kind: 'search', root, glob: rest.includes('/') ? anchored(root, rest) : rest };
  }
  const narrowed = path.join(root, ...components.slice(0, literal));
  let real: string;
  try {
    real = await realpath(narrowed);
    if (!(await stat(real)).isDirectory()) return { kind: 'no-match' };
  } catch {
    return { kind: 'no-match' };
  }
  const realRoot = await realpath(root);
  if (real !== realRoot && !real.startsWith(`${realRoot}${path.sep}`)) {
    return { kind: 'error', message: `${subject} escapes the search root` };
  }
  return { kind: 'search', root: real, glob: anchored(real, rest) };
}
