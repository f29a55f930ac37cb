import type { CharMatcher } from './char-classes.js';
import type { Assertion, ParsedRegexp } from './nodes.js';

/** Instruction codes of the matcher program. */
export const Op = { Char: 0, Split: 1, Jump: 2, Save: 3, Assert: 4, Match: 5 } as const;

type OpCode = (typeof Op)[keyof typeof Op];

/** A Thompson-style program: parallel arrays indexed by instruction number. */
export type Program = {
  ops: Uint8Array;
  // Char: matcher index; Split: preferred target; Jump: target; Save: slot; Assert: assertion index.
  first: Int32Array;
  // Split: the other target.
  second: Int32Array;
  matchers: CharMatcher[];
  assertions: Assertion[];
  slotCount: number;
  // How many threads can be live at once: one per Char or Match instruction.
  threadCapacity: number;
};

type Emitter = { op: number[]; first: number[]; second: number[] };

function emit(code: Emitter, op: OpCode, first = 0, second = 0): number {
  code.op.push(op);
  code.first.push(first);
  code.second.push(second);
  return code.op.length - 1;
}

/** Compiles the flat node sequence into a program; a quantifier wraps exactly one Char. */
export function buildProgram(parsed: ParsedRegexp): Program {
  const code: Emitter = { op: [], first: [], second: [] };
  const matchers: CharMatcher[] = [];
  const assertions: Assertion[] = [];
  emit(code, Op.Save, 0);
  for (const node of parsed.nodes) {
    if (node.kind === 'open' || node.kind === 'close') {
      emit(code, Op.Save, node.group * 2 + (node.kind === 'close' ? 1 : 0));
      continue;
    }
    if (node.kind === 'assert') {
      assertions.push(node.assertion);
      emit(code, Op.Assert, assertions.length - 1);
      continue;
    }
    matchers.push(node.matcher);
    const matcher = matchers.length - 1;
    const quantifier = node.quantifier ?? { min: 1, max: 1, greedy: true };
    for (let count = 0; count < quantifier.min; count += 1) emit(code, Op.Char, matcher);
    if (quantifier.max === Number.POSITIVE_INFINITY) {
      const split = emit(code, Op.Split);
      emit(code, Op.Char, matcher);
      emit(code, Op.Jump, split);
      setSplit(code, split, split + 1, code.op.length, quantifier.greedy);
      continue;
    }
    // Optional copies all exit to one place, so the greedy preference is "one more first".
    const splits: number[] = [];
    for (let count = quantifier.min; count < quantifier.max; count += 1) {
      splits.push(emit(code, Op.Split));
      emit(code, Op.Char, matcher);
    }
    for (const split of splits) setSplit(code, split, split + 1, code.op.length, quantifier.greedy);
  }
  emit(code, Op.Save, 1);
  emit(code, Op.Match);
  return {
    ops: Uint8Array.from(code.op),
    first: Int32Array.from(code.first),
    second: Int32Array.from(code.second),
    matchers,
    assertions,
    slotCount: (parsed.groupCount + 1) * 2,
    threadCapacity: code.op.filter((op) => op === Op.Char || op === Op.Match).length,
  };
}

function setSplit(code: Emitter, split: number, take: number, skip: number, greedy: boolean) {
  code.first[split] = greedy ? take : skip;
  code.second[split] = greedy ? skip : take;
}
