import { assertionHolds } from './assertions.js';
import { Op, type Program } from './program.js';
import { deriveStartFilter } from './start-filter.js';
import type { RegexpMatch } from './types.js';

/** One run of the matcher: its result and the atomic work it actually did. */
export type VmRun = { match: RegexpMatch | null; work: number };

type ThreadList = { pcs: Int32Array; caps: Int32Array; count: number; generation: number };

const retainedListLimit = 16384;
const retainedProgramLimit = 4096;
const maxAsciiTables = 64;
const emptyList: ThreadList = {
  pcs: new Int32Array(0),
  caps: new Int32Array(0),
  count: 0,
  generation: 0,
};

/**
 * Builds a Pike VM for `program`: every position advances all threads in priority order, and a
 * program counter reached twice at one position keeps only its higher-priority thread, so one run
 * costs at most (positions × program size × slots) and reproduces backtracking's first match.
 */
export function createPikeVm(program: Program): (input: string, start: number) => VmRun {
  const { ops, first, second, matchers, assertions, slotCount } = program;
  const size = ops.length;
  const filter = deriveStartFilter(program);
  const scratch = new Int32Array(slotCount);
  // Literal matchers compare directly; up to `maxAsciiTables` others get a 128-entry ASCII
  // answer table, so the hot loop tests most characters without a call.
  const literals = Int32Array.from(matchers, (matcher) => matcher.literal ?? -1);
  const tableOf = new Int32Array(matchers.length).fill(-1);
  let tables = 0;
  matchers.forEach((matcher, index) => {
    if (matcher.literal === undefined && tables < maxAsciiTables) tableOf[index] = tables++;
  });
  const asciiAccepts = new Uint8Array(tables * 128);
  matchers.forEach((matcher, index) => {
    const table = tableOf[index] as number;
    if (table < 0) return;
    for (let c = 0; c < 128; c += 1) asciiAccepts[table * 128 + c] = matcher.test(c) ? 1 : 0;
  });
  const capacity = program.threadCapacity;
  const newList = (): ThreadList => ({
    pcs: new Int32Array(capacity),
    caps: new Int32Array(capacity * slotCount),
    count: 0,
    generation: 0,
  });
  // Small programs keep their buffers with the compiled (and cached) regexp; large ones
  // allocate them for one run, so the cache never pins megabytes.
  const retainBuffers = size <= retainedProgramLimit && capacity * slotCount <= retainedListLimit;
  let marks = new Int32Array(0);
  let stack = new Int32Array(0);
  let current = emptyList;
  let next = emptyList;
  let generation = 0;
  let work = 0;
  let input = '';

  // Follows every zero-width path from `startPc` in priority order, appending the consuming or
  // matching instructions it reaches to `list` with the captures (in `scratch`) of that path.
  const addThread = (list: ThreadList, startPc: number, position: number) => {
    const listGeneration = list.generation;
    // Locals rather than closure slots: this loop is the matcher's hot path.
    const stackLocal = stack;
    const marksLocal = marks;
    let steps = 0;
    let top = 0;
    stackLocal[top++] = startPc;
    while (top > 0) {
      const entry = stackLocal[--top] as number;
      steps += 1;
      if (entry < 0) {
        scratch[-entry - 1] = stackLocal[--top] as number;
        continue;
      }
      let pc = entry;
      while (marksLocal[pc] !== listGeneration) {
        marksLocal[pc] = listGeneration;
        steps += 1;
        const op = ops[pc];
        if (op === Op.Jump) {
          pc = first[pc] as number;
        } else if (op === Op.Split) {
          stackLocal[top++] = second[pc] as number;
          pc = first[pc] as number;
        } else if (op === Op.Save) {
          const slot = first[pc] as number;
          stackLocal[top++] = scratch[slot] as number;
          stackLocal[top++] = -slot - 1;
          scratch[slot] = position;
          pc += 1;
        } else if (op === Op.Assert) {
          const assertion = assertions[first[pc] as number];
          if (assertion === undefined || !assertionHolds(assertion, input, position)) break;
          pc += 1;
        } else {
          const base = list.count * slotCount;
          list.pcs[list.count] = pc;
          for (let slot = 0; slot < slotCount; slot += 1)
            list.caps[base + slot] = scratch[slot] as number;
          list.count += 1;
          steps += slotCount;
          break;
        }
      }
    }
    work += steps;
  };

  const canStartAt = (text: string, position: number, codePoint: number): boolean => {
    if (filter.kind === 'prefix') return text.startsWith(filter.text, position);
    if (filter.kind === 'none') return true;
    if (codePoint < 0) return false;
    for (const matcher of filter.matchers) if (matcher.test(codePoint)) return true;
    return false;
  };

  // With no live thread and no match yet, jumps to the next position where a match can begin.
  const skipToCandidate = (position: number): number => {
    if (filter.kind === 'prefix') {
      const found = input.indexOf(filter.text, position);
      work += (found < 0 ? input.length : found) - position;
      return found < 0 ? -1 : found;
    }
    if (filter.kind === 'none') return position;
    let cursor = position;
    while (cursor < input.length) {
      const codePoint = input.codePointAt(cursor) as number;
      work += 1;
      for (const matcher of filter.matchers) if (matcher.test(codePoint)) return cursor;
      cursor += codePoint > 0xffff ? 2 : 1;
    }
    return -1;
  };

  return (text, start) => {
    if (marks.length !== size) {
      marks = new Int32Array(size).fill(-1);
      stack = new Int32Array(size * 3 + 2);
      current = newList();
      next = newList();
      generation = 0;
    }
    input = text;
    work = 0;
    // Marks from earlier runs are older generations; only a wrap-around needs clearing.
    if (generation > 0x3fffffff) {
      marks.fill(-1);
      generation = 0;
    }
    generation += 1;
    current.count = 0;
    current.generation = generation;
    let best: Int32Array | undefined;
    let position = start;
    for (;;) {
      if (best === undefined) {
        if (current.count === 0) {
          const candidate = skipToCandidate(position);
          if (candidate < 0) break;
          if (candidate !== position) {
            // The list's marks were made for the position skipped from; paths reached there
            // (a failed assertion, say) must not count as visited here.
            generation += 1;
            current.generation = generation;
            position = candidate;
          }
        }
      }
      const codePoint = position < text.length ? (text.codePointAt(position) as number) : -1;
      const width = codePoint > 0xffff ? 2 : 1;
      // A new thread starts only where a match can begin: at the literal prefix, or on a
      // character some first step accepts.
      if (best === undefined && canStartAt(text, position, codePoint)) {
        for (let slot = 0; slot < slotCount; slot += 1) scratch[slot] = -1;
        addThread(current, 0, position);
      }
      generation += 1;
      next.count = 0;
      next.generation = generation;
      const { pcs, caps, count } = current;
      for (let index = 0; index < count; index += 1) {
        const pc = pcs[index] as number;
        work += 1;
        const base = index * slotCount;
        if (ops[pc] === Op.Match) {
          best = caps.slice(base, base + slotCount);
          break;
        }
        if (codePoint < 0) continue;
        const matcher = first[pc] as number;
        const literal = literals[matcher] as number;
        const table = tableOf[matcher] as number;
        const accepted =
          literal >= 0
            ? codePoint === literal
            : codePoint < 128 && table >= 0
              ? asciiAccepts[table * 128 + codePoint] === 1
              : (matchers[matcher]?.test(codePoint) ?? false);
        if (accepted) {
          const target = pc + 1;
          if (ops[target] === Op.Char) {
            // The common straight-line case: the next instruction consumes, so no closure walk.
            work += 1;
            if (marks[target] !== next.generation) {
              marks[target] = next.generation;
              const nextBase = next.count * slotCount;
              next.pcs[next.count] = target;
              for (let slot = 0; slot < slotCount; slot += 1)
                next.caps[nextBase + slot] = caps[base + slot] as number;
              next.count += 1;
              work += slotCount;
            }
            continue;
          }
          for (let slot = 0; slot < slotCount; slot += 1)
            scratch[slot] = caps[base + slot] as number;
          work += slotCount;
          addThread(next, target, position + width);
        }
      }
      const swap = current;
      current = next;
      next = swap;
      if (position >= text.length || (best !== undefined && current.count === 0)) break;
      position += width;
    }
    input = '';
    if (!retainBuffers) {
      marks = new Int32Array(0);
      stack = new Int32Array(0);
      current = emptyList;
      next = emptyList;
    }
    return { match: best ? toMatch(best) : null, work };
  };
}

function toMatch(caps: Int32Array): RegexpMatch {
  const groups: RegexpMatch['groups'] = [];
  for (let slot = 0; slot + 1 < caps.length; slot += 2) {
    const from = caps[slot] as number;
    const to = caps[slot + 1] as number;
    groups.push(from >= 0 && to >= 0 ? [from, to] : undefined);
  }
  return { start: caps[0] as number, end: caps[1] as number, groups };
}
