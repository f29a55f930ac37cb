import type { Renderer, Rendering } from '@toolcall/render';

/** What a ToolSearch answer holds: full contracts (`## Name` sections), a list, or nothing. */
function describeAnswer(result: string): string {
  if (result.startsWith('No tools match') || result.startsWith('The query is empty'))
    return 'no matches';
  const listed = /^(\d+) tools match/.exec(result);
  if (listed !== null) return `${listed[1]} matches`;
  const contracts = result.split('\n').filter((line) => line.startsWith('## ')).length;
  return `${contracts} contract${contracts === 1 ? '' : 's'}`;
}

/**
 * Draws a ToolSearch as `ToolSearch "QUERY" (N contracts)`, `(N matches)` or `(no matches)`;
 * the contracts, calling shapes or suggestions are the collapsed markdown body.
 */
export const toolSearchRenderer: Renderer = (name, args, result, _renderData, context) => {
  const query = (args as { query?: unknown } | null)?.query;
  if (typeof query !== 'string' || typeof result !== 'string') return null;
  const answer = describeAnswer(result);
  const header = `${name} ${JSON.stringify(query)} (${answer})`;
  const rendering: Rendering = { header, bodyMode: 'markdown', initiallyCollapsed: true };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};
