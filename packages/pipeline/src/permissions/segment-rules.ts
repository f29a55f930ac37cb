import { compileGlob } from './glob.js';
import type { CommandSegment } from './types.js';

/** The longest segment text a reason quotes before it is shortened. */
const QUOTED_LENGTH = 120;

/**
 * The glob of a command pattern's first word (up to its first unescaped space), which a deny
 * or ask rule tests against the name of a segment whose arguments cannot be known.
 */
export function firstWordGlob(pattern: string): RegExp {
  let end = 0;
  for (; end < pattern.length; end++) {
    const char = pattern[end];
    if (char === '\\') end++;
    else if (char === ' ') break;
  }
  return compileGlob(pattern.slice(0, end), { anySeparator: true });
}

/** Whether the segment's arguments are unknown to rules (opaque, or a dynamic argument). */
export function isDynamic(segment: CommandSegment): boolean {
  return segment.opaque !== undefined || segment.command === null || segment.name === null;
}

/**
 * The liberal test of deny and ask rules: the segment's normalised command, its text (also
 * trimmed), its name followed by its arguments, or — when its arguments are dynamic — its
 * name against the pattern's first word.
 */
export function segmentMatches(
  pattern: RegExp,
  firstWord: RegExp,
  segment: CommandSegment,
): boolean {
  const { text, command, name, argv } = segment;
  if (pattern.test(text)) return true;
  const trimmed = text.trim();
  if (trimmed !== text && pattern.test(trimmed)) return true;
  if (command !== null && pattern.test(command)) return true;
  if (name === null) return false;
  if (argv !== null && argv.length > 0 && pattern.test([name, ...argv.slice(1)].join(' '))) {
    return true;
  }
  return command === null || segment.opaque !== undefined ? firstWord.test(name) : false;
}

/** The strict test of allow rules: the normalised command only, never a dynamic segment. */
export function segmentAllowed(pattern: RegExp, segment: CommandSegment): boolean {
  return !isDynamic(segment) && pattern.test(segment.command!);
}

/** The segment quoted for a reason: its text trimmed, shortened past 120 characters. */
export function quoteSegment(segment: CommandSegment): string {
  const text = segment.text.trim().replace(/\s+/g, ' ');
  const shown = text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH - 1)}…` : text;
  return `\`${shown}\``;
}
