import type { BashRedirection, BashSimpleCommand, BashWord } from './analysis-types.js';
import { judgeSimpleCommand } from './classify.js';

/** What a segment's read-only proof looks at. */
export interface SegmentFacts {
  readonly words: readonly BashWord[];
  readonly assignments: readonly BashWord[];
  readonly redirections: readonly BashRedirection[];
  /** True when a wrapper (`xargs`, `find -exec`) supplies arguments the source does not show. */
  readonly appends: boolean;
}

const unknownWord: BashWord = { text: '…', value: null, dynamic: true };

/**
 * Whether text evaluates arithmetic or subscripts (`$((…))`, `$[…]`, `${a[i]}`, `${x:-y}`):
 * a variable holding `a[$(cmd)]` runs cmd when evaluated.
 */
export function evaluatesArithmetic(text: string): boolean {
  return /\$\(\(|\$\[|\$\{(?![A-Za-z_][A-Za-z0-9_]*\}|[0-9@*#?$!_-]\})/.test(text);
}

/** Whether a redirection only reads, duplicates, closes, or discards into /dev/null. */
export function isHarmlessRedirection(redirection: BashRedirection): boolean {
  if (redirection.kind === 'write' && !redirection.discards) return false;
  if (redirection.target?.value === null && redirection.kind !== 'heredoc') return false;
  return !/^\/dev\/(?:tcp|udp)\//.test(redirection.target?.value ?? '');
}

/** Proves one segment read-only from its words, assignments and redirections alone. */
export function judgeSegment(facts: SegmentFacts): boolean {
  if (!facts.redirections.every(isHarmlessRedirection)) return false;
  const texts = [...facts.words, ...facts.assignments].map((word) => word.text);
  if (texts.some(evaluatesArithmetic)) return false;
  const [executable, ...rest] = facts.words;
  const args = facts.appends
    ? [...rest.map((word) => (word.value?.includes('{}') ? unknownWord : word)), unknownWord]
    : rest;
  const command: BashSimpleCommand = {
    text: '',
    start: 0,
    end: 0,
    assignments: facts.assignments,
    executable: executable ?? null,
    arguments: args,
    redirections: facts.redirections,
    substituted: false,
  };
  return judgeSimpleCommand(command).kind === 'read-only';
}
