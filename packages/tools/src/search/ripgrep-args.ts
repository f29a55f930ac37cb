/** Version-control metadata directories excluded from every search, at any depth. */
export const VCS_DIRECTORIES: readonly string[] = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

/** The `--glob` pairs that exclude VCS metadata; they come last so no user glob re-includes it. */
export function vcsExcludes(): string[] {
  return VCS_DIRECTORIES.flatMap((name) => ['--glob', `!${name}`]);
}

/** Escapes glob metacharacters in a literal path so it can prefix an anchored glob. */
export function escapeGlob(literal: string): string {
  return literal.replace(/[*?[\]{}\\!]/g, (character) => `\\${character}`);
}

/** Whether one path component contains glob syntax. */
export function hasGlobSyntax(component: string): boolean {
  return /[*?[\]{}\\]/.test(component);
}
