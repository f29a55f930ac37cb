import type { PlanRun } from '../run/run-plan.js';
import type { Tokenizer } from './tokenizers.js';

/** Token counts of one arm under one tokenizer. */
export interface TokenCounts {
  /** The tool names and argument JSON the model wrote. */
  readonly arguments: number;
  /** The projected result texts the model read. */
  readonly results: number;
  /** `arguments + results`: everything that passed between the model and the tools, once. */
  readonly visible: number;
  /**
   * What the model re-reads over the task: each model call (one per turn, plus the one that
   * answers) reads the prompt and every earlier call and result again. The tool listing is
   * counted apart.
   */
  readonly input: number;
}

/** What one arm of a task cost. */
export interface ArmMetrics {
  /** Model round trips: turns that call tools. */
  readonly turns: number;
  /** Top-level tool calls the model wrote. */
  readonly calls: number;
  /** Calls ToolCall scripts made on the model's behalf. */
  readonly nestedCalls: number;
  /** Summed wall time of the turns (the calls of a turn run together). */
  readonly toolWallMs: number;
  readonly tokens: Readonly<Record<string, TokenCounts>>;
}

/** The text of a call the model writes: the tool name and its arguments as JSON. */
export function argumentText(call: { tool: string; input: unknown }): string {
  return `${call.tool}${JSON.stringify(call.input)}`;
}

/**
 * Counts an arm: `canonical` spells run-specific paths and ports the same way for every run
 * before counting; `prompt` is the task's request, read by every model call.
 */
export function measureArm(options: {
  run: PlanRun;
  prompt: string;
  tokenizers: readonly Tokenizer[];
  canonical: (text: string) => string;
}): ArmMetrics {
  const { run, prompt, tokenizers, canonical } = options;
  const calls = run.turns.flatMap((turn) => turn.calls);
  const tokens: Record<string, TokenCounts> = {};
  for (const tokenizer of tokenizers) {
    const count = (text: string) => tokenizer.count(canonical(text));
    const promptTokens = count(prompt);
    let argumentsTotal = 0;
    let resultsTotal = 0;
    let input = 0;
    let context = promptTokens;
    for (const turn of run.turns) {
      input += context;
      for (const call of turn.calls) {
        const written = count(argumentText(call));
        const read = count(call.text);
        argumentsTotal += written;
        resultsTotal += read;
        context += written + read;
      }
    }
    input += context;
    tokens[tokenizer.id] = {
      arguments: argumentsTotal,
      results: resultsTotal,
      visible: argumentsTotal + resultsTotal,
      input,
    };
  }
  return {
    turns: run.turns.length,
    calls: calls.length,
    nestedCalls: calls.reduce((sum, call) => sum + call.nested, 0),
    toolWallMs: Math.round(run.turns.reduce((sum, turn) => sum + turn.wallMs, 0)),
    tokens,
  };
}
