const special = new Set(['[', '*', '.', '\\', '?', '+', '^', '$']);

/** Quotes `text` exactly as Emacs 28's `regexp-quote`: a backslash before each of `[*.\?+^$`. */
export function regexpQuote(text: string): string {
  let quoted = '';
  for (const char of text) quoted += special.has(char) ? `\\${char}` : char;
  return quoted;
}
