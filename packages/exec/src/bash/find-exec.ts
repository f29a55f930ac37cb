import type { BashWord } from './analysis-types.js';

/** One command a `find` runs through `-exec`, `-execdir`, `-ok` or `-okdir`. */
export interface FindExec {
  readonly primary: string;
  readonly words: readonly BashWord[];
}

const execPrimaries = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/**
 * The commands a find expression runs, as written: find puts file names where `{}` is,
 * so callers mark them as taking arguments the source does not show. An unterminated
 * `-exec` takes the rest of the words.
 */
export function findExecCommands(words: readonly BashWord[]): FindExec[] {
  const found: FindExec[] = [];
  for (let index = 1; index < words.length; index += 1) {
    const primary = words[index]?.value;
    if (primary === null || primary === undefined || !execPrimaries.has(primary)) continue;
    const inner: BashWord[] = [];
    let end = index + 1;
    for (; end < words.length; end += 1) {
      const word = words[end] as BashWord;
      if (word.value === ';') break;
      if (word.value === '+' && words[end - 1]?.value === '{}') break;
      inner.push(word);
    }
    if (inner.length > 0) found.push({ primary, words: inner });
    index = end;
  }
  return found;
}
