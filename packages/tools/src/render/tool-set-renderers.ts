import type { Tool } from '@toolcall/pipeline';
import {
  builtinRenderers,
  createRendererRegistry,
  type RendererRegistry,
  type RendererSpec,
} from '@toolcall/render';
import { askRenderer } from '../ask/ask-renderer.js';
import { executionRenderers } from '../execution/renderers.js';
import { nodeRenderer, outlineRenderer } from '../navigation/navigation-renderers.js';
import { webRenderers } from '../web/web-renderers.js';
import { withResultFacts } from './bash-result-renderer.js';
import { withExecutionLines } from './execution-lines-renderer.js';
import { fileToolRenderers } from './renderers.js';
import { toolSearchRenderer } from './tool-search-renderer.js';
import { createToolCallRenderer } from './toolcall-renderer.js';
import { withUnstartedRows } from './unstarted-rows.js';

/**
 * The renderer of every built-in tool by name, ToolCall's aside (it needs the registry it draws
 * its nested calls with), plus the Returned row of a script's long value.
 */
export const builtinToolRenderers: Readonly<Record<string, RendererSpec>> = Object.freeze({
  ...builtinRenderers,
  ...fileToolRenderers,
  ...webRenderers,
  ...executionRenderers,
  // A nested call's render data may have been too large for its script's audit: the result's
  // own element still gives its exit and output.
  Bash: withResultFacts(executionRenderers.Bash),
  WriteStdin: withResultFacts(executionRenderers.WriteStdin),
  StopExecution: withResultFacts(executionRenderers.StopExecution),
  ListExecutions: withExecutionLines(executionRenderers.ListExecutions),
  Outline: { success: outlineRenderer },
  Node: { success: nodeRenderer },
  Ask: { success: askRenderer },
  ToolSearch: { success: toolSearchRenderer },
});

// A tool's `renderer` field is untyped: only a function or a {success, error, default} map counts.
function isRendererSpec(value: unknown): value is RendererSpec {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(
      ([key, renderer]) =>
        (key === 'success' || key === 'error' || key === 'default') &&
        typeof renderer === 'function',
    )
  );
}

/**
 * The renderer registry of a tool set: every built-in tool's renderer, the own renderer of each
 * of a harness's `extraTools` (one named like a built-in tool and without a renderer keeps the
 * built-in one), and ToolCall's over the whole registry. A nested call that never started
 * reads as such, whatever its tool. Terminal, HTML and editor views all draw from it.
 */
export function createToolSetRenderers(extraTools: readonly Tool[] = []): RendererRegistry {
  const table = createRendererRegistry(builtinToolRenderers);
  for (const tool of extraTools) {
    if (isRendererSpec(tool.renderer)) table.register(tool.name, tool.renderer);
  }
  const registry = withUnstartedRows(table);
  registry.register('ToolCall', createToolCallRenderer(registry));
  return registry;
}
