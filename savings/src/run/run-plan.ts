import { performance } from 'node:perf_hooks';
import type { Answer, Plan, Seen } from '../tasks/types.js';
import type { CallRecord, Harness } from './harness.js';

/** One model turn as run: its calls and the wall time from the first start to the last end. */
export interface TurnRecord {
  readonly calls: readonly CallRecord[];
  readonly wallMs: number;
}

/** A plan as run: its turns and the answer computed from what they returned. */
export interface PlanRun {
  readonly turns: readonly TurnRecord[];
  readonly answer: Answer;
}

/**
 * Runs a plan through a harness turn by turn: each turn's calls are computed from the texts
 * earlier turns returned and issued together; the answer sees those texts and nothing else.
 */
export async function runPlan(plan: Plan, harness: Harness): Promise<PlanRun> {
  const seen: string[][] = [];
  const turns: TurnRecord[] = [];
  for (const next of plan.turns) {
    const calls = next(seen as Seen);
    if (calls.length === 0) throw new Error(`runPlan: turn ${turns.length + 1} makes no call`);
    const started = performance.now();
    const records = await harness.turn(calls);
    turns.push({ calls: records, wallMs: performance.now() - started });
    seen.push(records.map((record) => record.text));
  }
  return { turns, answer: plan.answer(seen) };
}
