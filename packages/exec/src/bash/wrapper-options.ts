import type { BashWord } from './analysis-types.js';

/** The options one wrapper command accepts before the command it runs. */
export interface OptionSpec {
  /** Short options without a value, as one string of letters. */
  readonly flags: string;
  /** Short options that take a value (attached or in the next word). */
  readonly valued: string;
  /** Long options without a value. */
  readonly longFlags: readonly string[];
  /** Long options that take a value (`--name=v` or `--name v`). */
  readonly longValued: readonly string[];
  /** Short options that take a value only when attached (`xargs -i{}`). */
  readonly optional?: string;
}

/** Where a wrapper's options end, the options seen, or why they could not be read. */
export type SkippedOptions =
  | { readonly ok: true; readonly next: number; readonly seen: readonly string[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Skips a wrapper's options from `start`, accepting only the options in `spec`;
 * `seen` lists each option as `-x` or `--long` so callers can react to one.
 */
export function skipOptions(
  words: readonly BashWord[],
  start: number,
  spec: OptionSpec,
): SkippedOptions {
  const seen: string[] = [];
  let index = start;
  while (index < words.length) {
    const word = words[index];
    const value = word?.value;
    if (value === null || value === undefined)
      return { ok: false, reason: `dynamic option ${word?.text ?? ''}` };
    if (value === '--') return { ok: true, next: index + 1, seen };
    if (!value.startsWith('-') || value === '-') return { ok: true, next: index, seen };
    if (value.startsWith('--')) {
      const [name = '', ...rest] = value.slice(2).split('=');
      if (spec.longFlags.includes(name) && rest.length === 0) index += 1;
      else if (spec.longValued.includes(name)) index += rest.length > 0 ? 1 : 2;
      else return { ok: false, reason: `option ${value} is not understood` };
      seen.push(`--${name}`);
      continue;
    }
    let consumed = 1;
    for (let at = 1; at < value.length; at += 1) {
      const letter = value[at] ?? '';
      seen.push(`-${letter}`);
      if (spec.flags.includes(letter)) continue;
      if (spec.optional?.includes(letter)) break;
      if (spec.valued.includes(letter)) {
        if (at === value.length - 1) consumed = 2;
        break;
      }
      return { ok: false, reason: `option -${letter} is not understood` };
    }
    index += consumed;
  }
  return { ok: true, next: Math.min(index, words.length), seen };
}

/** The basename of a command word's value: `/bin/rm` gives `rm`. */
export function commandName(value: string): string {
  const trimmed = value.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  return slash === -1 ? value : trimmed.slice(slash + 1);
}

/**
 * Whether `env` or `sudo` take a word as an assignment: any value with `=` (they test for
 * one), or a dynamic word whose literal start is `NAME=`; null when that is not knowable.
 */
export function isEnvironmentAssignment(word: BashWord): boolean | null {
  if (word.value !== null) return word.value.includes('=');
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text) ? true : null;
}
