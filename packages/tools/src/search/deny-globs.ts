import { escapeGlob } from './ripgrep-args.js';

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

/**
 * ripgrep `--glob` pairs excluding what the translatable `globs` name, for a search whose files
 * are named relative to any of `anchors` (the working directory and its real path).
 */
export function ripgrepExcludes(globs: readonly string[], anchors: readonly string[]): string[] {
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
  return excludes;
}

/**
 * The longest run of literal text every path a deny glob matches (as the pipeline compiles it)
 * contains verbatim: a cheap test that rules most paths out before the regular expression. A
 * glob of wildcards alone gives `''`, which every path contains.
 */
export function requiredText(glob: string): string {
  let longest = '';
  let run = '';
  const end = () => {
    if (run.length > longest.length) longest = run;
    run = '';
  };
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] as string;
    if (char === '\\' && index + 1 < glob.length) {
      index++;
      run += glob[index];
    } else if (char === '*' || char === '?') {
      end();
      // `**/` also matches no directory at all, so its slash is not required.
      if (char === '*' && glob[index + 1] === '*') {
        index++;
        if (glob[index + 1] === '/') index++;
      }
    } else {
      run += char;
    }
  }
  end();
  return longest;
}
