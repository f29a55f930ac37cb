import type { ParsedRegexp } from './nodes.js';
import { parseRegexp } from './parse.js';
import { createPikeVm, type VmRun } from './pike-vm.js';
import { buildProgram, type Program } from './program.js';
import { deriveStartFilter } from './start-filter.js';
import type { CompiledRegexp, RegexpCompileResult, RegexpMatch } from './types.js';

const cacheLimit = 256;
// Long patterns (usually generated text) are compiled per call rather than pinned in the cache.
const cachedPatternLimit = 4096;
// Thread state is (consuming instructions × capture slots) integers per list; past this the
// pattern is refused rather than allowed to claim megabytes per run.
const maxThreadState = 1 << 20;
// Emacs refuses patterns whose compiled form passes 64 KiB ("Regular expression too big"); no
// pattern this long fits, so longer ones are refused before parsing.
const maxPatternLength = 65535;
const cache = new Map<string, RegexpCompileResult>();

/** A compiled guest regexp that also reports the work of each run, for tests and budgets. */
export class GuestRegexp implements CompiledRegexp {
  readonly source: string;
  readonly quantifiedAtoms: number;
  readonly programSize: number;
  /** Whether some position may yield an empty match (for split-string's empty-separator check). */
  readonly canMatchEmpty: boolean;
  readonly #perPosition: number;
  readonly #run: (input: string, start: number) => VmRun;

  constructor(source: string, parsed: ParsedRegexp, program: Program = buildProgram(parsed)) {
    this.source = source;
    this.quantifiedAtoms = parsed.quantifiedAtoms;
    this.programSize = program.ops.length;
    this.canMatchEmpty = deriveStartFilter(program).kind === 'none';
    // Per position the VM pops at most 3 stack entries and marks one instruction per program
    // step, scans one thread per step, and copies every slot twice per surviving thread.
    this.#perPosition = this.programSize * (5 + 2 * program.slotCount) + 4;
    const literal = literalText(parsed);
    this.#run = literal === undefined ? createPikeVm(program) : createLiteralSearch(literal);
  }

  /**
   * The larger of the manual's estimate for a backtracking matcher — input size raised to the
   * number of quantified atoms, times the pattern's length — and this linear matcher's own bound
   * (positions times per-position cost), so it is conservative for either.
   */
  estimateWork(inputLength: number): number {
    const positions = Math.max(0, inputLength) + 1;
    const backtracking = positions ** Math.max(1, this.quantifiedAtoms) * (this.source.length + 1);
    return Math.max(backtracking, positions * this.#perPosition);
  }

  /** The leftmost match at or after `start` with Emacs's leftmost-first priority. */
  exec(input: string, start = 0): RegexpMatch | null {
    return this.execWithWork(input, start).match;
  }

  /** Like `exec`, also returning the atomic work the matcher did. */
  execWithWork(input: string, start = 0): VmRun {
    if (typeof input !== 'string') {
      throw new TypeError(`exec: input must be a string, received ${typeof input}`);
    }
    if (!Number.isInteger(start) || start < 0 || start > input.length) {
      throw new TypeError(
        `exec: start must be an integer from 0 to input.length (${input.length}), received ${String(start)}`,
      );
    }
    return this.#run(input, start);
  }
}

/** Options of `compileRegexp`. */
export type CompileRegexpOptions = {
  /** Match as Emacs does with `case-fold-search` non-nil (its default); false unless set. */
  caseFold?: boolean;
};

/** Compiles a guest regexp, applying every subset rejection; results are cached (bounded). */
export function compileRegexp(
  pattern: string,
  options: CompileRegexpOptions = {},
): RegexpCompileResult {
  if (typeof pattern !== 'string') {
    throw new TypeError(`compileRegexp: pattern must be a string, received ${typeof pattern}`);
  }
  const caseFold = options.caseFold ?? false;
  if (typeof caseFold !== 'boolean') {
    throw new TypeError(
      `compileRegexp: options.caseFold must be a boolean, received ${typeof caseFold}`,
    );
  }
  const key = `${caseFold ? 'f' : 's'}${pattern}`;
  const cached = cache.get(key);
  if (cached) {
    // Re-insert so the map's order is least recently used first.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const result = compileUncached(pattern, caseFold);
  if (pattern.length > cachedPatternLimit) return result;
  cache.set(key, result);
  if (cache.size > cacheLimit) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return result;
}

function compileUncached(pattern: string, caseFold: boolean): RegexpCompileResult {
  const fail = (message: string): RegexpCompileResult => ({
    success: false,
    error: { message: `Invalid guest regexp "${shorten(pattern)}": ${message}` },
  });
  if (pattern.length > maxPatternLength) {
    return fail(
      `Regular expression too big (${pattern.length} characters; at most ${maxPatternLength}). Use string-search for long literal text, or a shorter pattern.`,
    );
  }
  const parsed = parseRegexp(pattern, caseFold);
  if (!parsed.success) return fail(parsed.error.message);
  const program = buildProgram(parsed.value);
  if (program.threadCapacity * program.slotCount > maxThreadState) {
    return fail(
      `The pattern is too large for the matcher (${program.threadCapacity - 1} character positions × ${parsed.value.groupCount} capture groups); use fewer capture groups or a shorter pattern.`,
    );
  }
  return { success: true, value: new GuestRegexp(pattern, parsed.value, program) };
}

function shorten(pattern: string): string {
  return pattern.length > 60 ? `${pattern.slice(0, 57)}...` : pattern;
}

// A pattern of plain characters only (no quantifier, group, anchor or class) is a substring
// search; surrogates are left to the VM, which never splits a pair.
function literalText(parsed: ParsedRegexp): string | undefined {
  let text = '';
  for (const node of parsed.nodes) {
    if (node.kind !== 'atom' || node.quantifier || node.matcher.literal === undefined)
      return undefined;
    text += String.fromCodePoint(node.matcher.literal);
  }
  return /[\ud800-\udfff]/.test(text) ? undefined : text;
}

function createLiteralSearch(text: string): (input: string, start: number) => VmRun {
  return (input, start) => {
    const found = input.indexOf(text, start);
    const work = ((found < 0 ? input.length : found) - start + 1) * (text.length + 1);
    if (found < 0) return { match: null, work };
    const end = found + text.length;
    return { match: { start: found, end, groups: [[found, end]] }, work };
  };
}
