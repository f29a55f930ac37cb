/**
 * Compiles a glob: `**` spans separators, `*` and `?` stay within one unless `anySeparator`;
 * a backslash makes the next character literal.
 */
export function compileGlob(glob: string, options: { anySeparator?: boolean } = {}): RegExp {
  const star = options.anySeparator ? '.*' : '[^/]*';
  const one = options.anySeparator ? '.' : '[^/]';
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '\\' && index + 1 < glob.length) {
      index++;
      source += glob[index]!.replace(/[\\^$.|+()[\]{}*?]/g, '\\$&');
    } else if (char === '*') {
      if (glob[index + 1] === '*') {
        index++;
        // `**/` also matches zero directories.
        if (glob[index + 1] === '/') {
          index++;
          source += '(?:.*/)?';
        } else {
          source += '.*';
        }
      } else {
        source += star;
      }
    } else if (char === '?') {
      source += one;
    } else {
      source += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`, 's');
}

/** Escapes `text` so `compileGlob` matches exactly it. */
export function escapeGlob(text: string): string {
  return text.replace(/[\\*?]/g, '\\$&');
}
