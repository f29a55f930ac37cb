import { assertionHolds } from './assertions.js';
import { Op, type Program } from './program.js';
import type { RegexpMatch } from './types.js';

/** One run of the matcher: its result and the atomic work it actually did. */
export type VmRun = { match: RegexpMatch | null; work: number };

type ThreadList = { pcs: Int32Array; caps: Int32Array; count: number; generation: number };

/**
 * Builds a Pike VM for `program`: every position advances all threads in priority order, and a
 * program counter reached twice at one position keeps only its higher-priority thread, so one run
 * costs at most (positions × program size × slots) and reproduces backtracking's first match.
 */
export function createPikeVm(program: Program): (input: string, start: number) => VmRun {
  const { ops, first, second, matchers, assertions, slotCount } = program;
  const size = ops.length;
  const marks = new Int32Array(size).fill(-1);
  const stack = new Int32Array(size * 3 + 2);
  const scratch = new Int32Array(slotCount);
  const newList = (): ThreadList => ({
    pcs: new Int32Array(size),
    caps: new Int32Array(size * slotCount),
    count: 0,
    generation: 0,
  });
  let current = newList();
  let next = newList();
  let generation = 0;

  return (input, start) => {
    let work = 0;
    // Marks from earlier runs are older generations; only a wrap-around needs clearing.
    if (generation > 0x3fffffff) {
      marks.fill(-1);
      generation = 0;
    }
    generation += 1;
    current.count = 0;
    current.generation = generation;
    let best: Int32Array | undefined;

    const addThread = (list: ThreadList, startPc: number, position: number) => {
      let top = 0;
      stack[top++] = startPc;
      while (top > 0) {
        const entry = stack[--top] ?? 0;
        work += 1;
        if (entry < 0) {
          scratch[-entry - 1] = stack[--top] ?? -1;
          continue;
        }
        let pc = entry;
        while (marks[pc] !== list.generation) {
          marks[pc] = list.generation;
          work += 1;
          const op = ops[pc];
          if (op === Op.Jump) {
            pc = first[pc] ?? 0;
          } else if (op === Op.Split) {
            stack[top++] = second[pc] ?? 0;
            pc = first[pc] ?? 0;
          } else if (op === Op.Save) {
            const slot = first[pc] ?? 0;
            stack[top++] = scratch[slot] ?? -1;
            stack[top++] = -slot - 1;
            scratch[slot] = position;
            pc += 1;
          } else if (op === Op.Assert) {
            if (!assertionHolds(assertions[first[pc] ?? 0] ?? 'string-start', input, position))
              break;
            pc += 1;
          } else {
            list.pcs[list.count] = pc;
            list.caps.set(scratch, list.count * slotCount);
            list.count += 1;
            work += slotCount;
            break;
          }
        }
      }
    };

    let position = start;
    for (;;) {
      if (best === undefined) {
        scratch.fill(-1);
        addThread(current, 0, position);
      }
      const codePoint = position < input.length ? (input.codePointAt(position) ?? -1) : -1;
      const width = codePoint > 0xffff ? 2 : 1;
      if (current.count === 0) {
        if (best !== undefined || position >= input.length) break;
        position += width;
        generation += 1;
        current.generation = generation;
        continue;
      }
      generation += 1;
      next.count = 0;
      next.generation = generation;
      for (let index = 0; index < current.count; index += 1) {
        const pc = current.pcs[index] ?? 0;
        work += 1;
        if (ops[pc] === Op.Match) {
          best = current.caps.slice(index * slotCount, (index + 1) * slotCount);
          break;
        }
        if (codePoint >= 0 && matchers[first[pc] ?? 0]?.test(codePoint)) {
          scratch.set(current.caps.subarray(index * slotCount, (index + 1) * slotCount));
          work += slotCount;
          addThread(next, pc + 1, position + width);
        }
      }
      [current, next] = [next, current];
      if (position >= input.length) break;
      position += width;
    }
    return { match: best ? toMatch(best) : null, work };
  };
}

function toMatch(caps: Int32Array): RegexpMatch {
  const groups: RegexpMatch['groups'] = [];
  for (let slot = 0; slot + 1 < caps.length; slot += 2) {
    const from = caps[slot] ?? -1;
    const to = caps[slot + 1] ?? -1;
    groups.push(from >= 0 && to >= 0 ? [from, to] : undefined);
  }
  return { start: caps[0] ?? 0, end: caps[1] ?? 0, groups };
}
