import type { Renderer } from '@toolcall/render';
import { commandLabel, describeState, type Facts, formatElapsed } from '../execution/row-parts.js';

/** One live execution as a line: its id, its command's first line, its state and elapsed time. */
function executionLine(facts: Facts): string {
  const state = describeState(facts).word;
  const command = commandLabel(facts.command ?? '');
  return `${facts.executionId ?? '?'}  ${command} (${state}, ${formatElapsed(facts.wallTimeMs ?? 0)})`;
}

/**
 * `renderer` for ListExecutions, its body one line per live execution from the render data's
 * facts instead of the model-facing elements.
 */
export function withExecutionLines(renderer: Renderer): Renderer {
  return (name, args, result, renderData, context) => {
    const rendering = renderer(name, args, result, renderData, context);
    const executions = renderData?.executions;
    if (rendering?.body === undefined || !Array.isArray(executions)) return rendering;
    const lines = executions
      .filter((facts) => typeof facts === 'object' && facts !== null && !Array.isArray(facts))
      .map((facts) => executionLine(facts as Facts));
    return { ...rendering, body: lines.join('\n') };
  };
}
