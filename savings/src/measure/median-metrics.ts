import { median } from '../report/summary.js';
import type { ArmMetrics, TokenCounts } from './metrics.js';

/** The per-field median of an arm's rounds (token counts vary by a token or two with timings). */
export function medianMetrics(rounds: readonly ArmMetrics[]): ArmMetrics {
  const first = rounds[0];
  if (first === undefined) throw new Error('medianMetrics: no rounds');
  const of = (pick: (metrics: ArmMetrics) => number) => median(rounds.map(pick));
  const tokens: Record<string, TokenCounts> = {};
  for (const id of Object.keys(first.tokens)) {
    const field = (name: keyof TokenCounts) => of((metrics) => metrics.tokens[id]?.[name] ?? 0);
    tokens[id] = {
      arguments: field('arguments'),
      results: field('results'),
      visible: field('visible'),
      input: field('input'),
    };
  }
  return {
    turns: of((metrics) => metrics.turns),
    calls: of((metrics) => metrics.calls),
    nestedCalls: of((metrics) => metrics.nestedCalls),
    toolWallMs: Math.round(of((metrics) => metrics.toolWallMs)),
    tokens,
  };
}
