import type { ArmMetrics } from '../measure/metrics.js';
import type { Answer } from '../tasks/types.js';

/** One task's measured arms. */
export interface TaskResult {
  readonly id: string;
  readonly prompt: string;
  readonly answersMatch: boolean;
  readonly answer: Answer;
  readonly direct: ArmMetrics;
  readonly toolcall: ArmMetrics;
}

/** The median of numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const ordered = [...values].sort((a, b) => a - b);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1
    ? (ordered[middle] as number)
    : ((ordered[middle - 1] as number) + (ordered[middle] as number)) / 2;
}

/** ToolCall's visible tokens as a share of the direct plan's, for one tokenizer. */
export function visibleRatio(result: TaskResult, tokenizer: string): number {
  const direct = result.direct.tokens[tokenizer]?.visible ?? 0;
  const toolcall = result.toolcall.tokens[tokenizer]?.visible ?? 0;
  return direct === 0 ? Number.NaN : toolcall / direct;
}

/** The medians the report leads with, per tokenizer and overall. */
export interface Summary {
  readonly tasks: number;
  readonly answersMatch: number;
  readonly medianVisibleRatio: Readonly<Record<string, number>>;
  readonly medianInputRatio: Readonly<Record<string, number>>;
  /** Medians of ToolCall's share of the tokens the model wrote (arguments) and read (results). */
  readonly medianWrittenRatio: Readonly<Record<string, number>>;
  readonly medianReadRatio: Readonly<Record<string, number>>;
  /** Visible tokens summed over every task, per tokenizer. */
  readonly totalVisible: Readonly<
    Record<string, { readonly direct: number; readonly toolcall: number }>
  >;
  readonly medianTurns: { readonly direct: number; readonly toolcall: number };
  readonly totalTurns: { readonly direct: number; readonly toolcall: number };
  readonly tasksWhereToolCallCostsMore: readonly string[];
}

/** Summarises task results: medians over tasks of the per-task ratios and turn counts. */
export function summarize(results: readonly TaskResult[], tokenizers: readonly string[]): Summary {
  const perTokenizer = (ratio: (result: TaskResult, id: string) => number) =>
    Object.fromEntries(
      tokenizers.map((id) => [id, round(median(results.map((result) => ratio(result, id))))]),
    );
  const inputRatio = (result: TaskResult, id: string) =>
    (result.toolcall.tokens[id]?.input ?? 0) / (result.direct.tokens[id]?.input ?? 1);
  const share =
    (field: 'arguments' | 'results') =>
    (result: TaskResult, id: string): number =>
      (result.toolcall.tokens[id]?.[field] ?? 0) / (result.direct.tokens[id]?.[field] || 1);
  const total = (arm: 'direct' | 'toolcall', id: string) =>
    results.reduce((sum, result) => sum + (result[arm].tokens[id]?.visible ?? 0), 0);
  const first = tokenizers[0] ?? '';
  return {
    tasks: results.length,
    answersMatch: results.filter((result) => result.answersMatch).length,
    medianVisibleRatio: perTokenizer(visibleRatio),
    medianInputRatio: perTokenizer(inputRatio),
    medianWrittenRatio: perTokenizer(share('arguments')),
    medianReadRatio: perTokenizer(share('results')),
    totalVisible: Object.fromEntries(
      tokenizers.map((id) => [
        id,
        { direct: total('direct', id), toolcall: total('toolcall', id) },
      ]),
    ),
    medianTurns: {
      direct: median(results.map((result) => result.direct.turns)),
      toolcall: median(results.map((result) => result.toolcall.turns)),
    },
    totalTurns: {
      direct: results.reduce((sum, result) => sum + result.direct.turns, 0),
      toolcall: results.reduce((sum, result) => sum + result.toolcall.turns, 0),
    },
    tasksWhereToolCallCostsMore: results
      .filter((result) => visibleRatio(result, first) >= 1)
      .map((result) => result.id),
  };
}

/** Rounds a ratio to three decimals. */
export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
