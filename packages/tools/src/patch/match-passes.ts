/** One matching pass of §2.3: how lines are normalised before comparison, and how it is reported. */
export interface MatchPass {
  readonly normalize: (line: string) => string;
  /** `undefined` for the exact pass; otherwise the `Fuzzy:` wording. */
  readonly fuzzy: string | undefined;
}

const DASHES = /[\u2010-\u2015\u2212]/g;
const SINGLE_QUOTES = /[\u2018-\u201B]/g;
const DOUBLE_QUOTES = /[\u201C-\u201F]/g;
const SPACES = /[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g;

/** Folds typographic punctuation to ASCII, then trims. */
export function foldPunctuation(line: string): string {
  return line
    .replace(DASHES, '-')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(SPACES, ' ')
    .trim();
}

/** The passes in order; the first with at least one candidate wins. */
export const MATCH_PASSES: readonly MatchPass[] = [
  { normalize: (line) => line, fuzzy: undefined },
  { normalize: (line) => line.replace(/[ \t]+$/, ''), fuzzy: 'ignoring trailing whitespace' },
  { normalize: (line) => line.trim(), fuzzy: 'ignoring surrounding whitespace' },
  { normalize: foldPunctuation, fuzzy: 'normalizing typographic punctuation' },
];
