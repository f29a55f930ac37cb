import type { ParsedRegexp } from './nodes.js';
import { parseRegexp } from './parse.js';
import { createPikeVm, type VmRun } from './pike-vm.js';
import { buildProgram, type Program } from './program.js';
import type { CompiledRegexp, RegexpCompileResult, RegexpMatch } from './types.js';

const cacheLimit = 256;
// Thread state is (consuming instructions × capture slots) integers per list; past this the
// pattern is refused rather than allowed to claim megabytes per run.
const maxThreadState = 1 << 20;
const cache = new Map<string, RegexpCompileResult>();

/** A compiled guest regexp that also reports the work of each run, for tests and budgets. */
export class GuestRegexp implements CompiledRegexp {
  readonly source: string;
  readonly quantifiedAtoms: number;
  readonly programSize: number;
  readonly #perPosition: number;
  readonly #run: (input: string, start: number) => VmRun;

  constructor(source: string, parsed: ParsedRegexp, program: Program = buildProgram(parsed)) {
    this.source = source;
    this.quantifiedAtoms = parsed.quantifiedAtoms;
    this.programSize = program.ops.length;
    // Per position the VM pops at most 3 stack entries and marks one instruction per program
    // step, scans one thread per step, and copies every slot twice per surviving thread.
    this.#perPosition = this.programSize * (5 + 2 * program.slotCount) + 4;
    this.#run = createPikeVm(program);
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

/** Compiles a guest regexp, applying every subset rejection; results are cached (bounded). */
export function compileRegexp(pattern: string): RegexpCompileResult {
  if (typeof pattern !== 'string') {
    throw new TypeError(`compileRegexp: pattern must be a string, received ${typeof pattern}`);
  }
  const cached = cache.get(pattern);
  if (cached) {
    // Re-insert so the map's order is least recently used first.
    cache.delete(pattern);
    cache.set(pattern, cached);
    return cached;
  }
  const result = compileUncached(pattern);
  cache.set(pattern, result);
  if (cache.size > cacheLimit) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return result;
}

function compileUncached(pattern: string): RegexpCompileResult {
  const parsed = parseRegexp(pattern);
  const fail = (message: string): RegexpCompileResult => ({
    success: false,
    error: { message: `Invalid guest regexp "${shorten(pattern)}": ${message}` },
  });
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
