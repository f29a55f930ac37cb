import { isUnstartedCall } from '@toolcall/pipeline';
import type { RenderContext, Renderer, RendererRegistry, Rendering } from '@toolcall/render';

/**
 * The row of a nested call that waited for a slot of its join and never started, because the
 * script was cancelled or the session ended first: `Bash (not started)`, the pipeline's note
 * as its body. Its own renderer has no arguments to show, and the generic one would draw a
 * bare name, which reads like a call that ran.
 */
function unstartedRow(name: string, result: unknown, context: RenderContext): Rendering | null {
  const status = context.callStatus;
  if (status !== 'cancelled' && status !== 'interrupted') return null;
  const row: Rendering = { header: `${name} (not started)`, status, initiallyCollapsed: true };
  return context.summaryOnly ? row : { ...row, body: String(result), bodyMode: 'text' };
}

/**
 * `registry`, drawing a nested call that never started as such, whatever its tool. Its
 * `resolve` therefore gives a renderer for every tool: for a tool with none registered, one
 * that draws only such rows and leaves every other row to the generic one (it returns null).
 * `has` still tells whether a tool has a renderer of its own.
 */
export function withUnstartedRows(registry: RendererRegistry): RendererRegistry {
  const decorated: RendererRegistry = {
    register: (tool, spec) => {
      registry.register(tool, spec);
      return decorated;
    },
    unregister: (tool) => registry.unregister(tool),
    has: (tool) => registry.has(tool),
    resolve(tool, status) {
      const inner = registry.resolve(tool, status);
      const renderer: Renderer = (name, args, result, renderData, context) =>
        renderData == null && isUnstartedCall({ status: context.callStatus, args, result })
          ? unstartedRow(name, result, context)
          : (inner?.(name, args, result, renderData, context) ?? null);
      return renderer;
    },
  };
  return decorated;
}
