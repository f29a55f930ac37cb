import { StringDecoder } from 'node:string_decoder';

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

/**
 * An `enough` predicate for a helper run: true once `wanted` complete stdout lines satisfy
 * `counts`, so ripgrep stops instead of walking the rest of the tree.
 */
export function lineWatcher(
  counts: (line: string) => boolean,
  wanted: number,
): (chunk: Buffer) => boolean {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let seen = 0;
  return (chunk) => {
    const text = pending + decoder.write(chunk);
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      if (counts(text.slice(start, newline))) seen += 1;
      start = newline + 1;
    }
    pending = text.slice(start);
    return seen >= wanted;
  };
}
