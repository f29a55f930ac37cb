/**
 * What precedes the next token, as regex-emacs.c's `laststart` sees it: nothing to repeat
 * (start, after `\(`), one unquantified atom, a quantified atom, a closed group, or a backslash
 * assertion (which Emacs would repeat on its own).
 */
export type Last = 'none' | 'atom' | 'quantified' | 'group' | 'assert';

/** Why the subset refuses a quantifier in this position, or undefined when it is allowed. */
export function quantifierRejection(last: Last, at: number, written: string): string | undefined {
  switch (last) {
    case 'group':
      return `Quantified group at offset ${at}: ${written} follows \\(...\\). Guest regexps allow ${written} only on a single atom (one literal, escaped character, ., bracket class or class escape such as \\w); repeat the match in Lisp instead.`;
    case 'quantified':
      return `Stacked quantifier at offset ${at}: ${written} follows another quantifier. Use one quantifier per atom, for example a* rather than a*+ or a\\{2\\}*.`;
    case 'assert':
      return `Quantifier ${written} at offset ${at} follows an assertion, which matches no text and cannot be repeated; remove the quantifier, or escape it for a literal character.`;
    default:
      return undefined;
  }
}
