import type { CharMatcher } from './char-classes.js';
import { Op, type Program } from './program.js';

/** How to skip start positions where no match can begin, derived once from the program. */
export type StartFilter =
  | { kind: 'prefix'; text: string }
  | { kind: 'first'; matchers: CharMatcher[] }
  | { kind: 'none' };

/**
 * A match must consume its first characters before anything else, so positions can be skipped
 * when those characters are a fixed literal (found with indexOf) or a known set of matchers.
 * Zero-width instructions (saves, assertions) are passed over: they never consume.
 */
export function deriveStartFilter(program: Program): StartFilter {
  const { ops, first, second, matchers } = program;
  let prefix = '';
  let pc = 0;
  for (; pc < ops.length; pc += 1) {
    const op = ops[pc];
    if (op === Op.Save || op === Op.Assert) continue;
    const literal = op === Op.Char ? matchers[first[pc] ?? 0]?.literal : undefined;
    if (literal === undefined) break;
    prefix += String.fromCodePoint(literal);
  }
  if (prefix !== '' && !/^[\udc00-\udfff]/.test(prefix)) return { kind: 'prefix', text: prefix };
  const firstMatchers: CharMatcher[] = [];
  const seen = new Set<number>();
  const pending = [0];
  while (pending.length > 0) {
    const at = pending.pop() ?? 0;
    if (seen.has(at)) continue;
    seen.add(at);
    const op = ops[at];
    if (op === Op.Match) return { kind: 'none' };
    if (op === Op.Char) {
      const matcher = matchers[first[at] ?? 0];
      if (matcher) firstMatchers.push(matcher);
    } else if (op === Op.Jump) {
      pending.push(first[at] ?? 0);
    } else if (op === Op.Split) {
      pending.push(first[at] ?? 0, second[at] ?? 0);
    } else {
      pending.push(at + 1);
    }
  }
  return { kind: 'first', matchers: firstMatchers };
}
