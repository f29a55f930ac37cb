import type { RenderContext, Renderer, RendererRegistry, Rendering } from '@toolcall/render';

/**
 * The result recovery gives a nested call that was still waiting for a free slot of its
 * `parallel` or `parallel-map` when the session ended.
 */
const NEVER_STARTED = 'Interrupted: the session ended before this queued call started.';

/**
 * Whether a row is a nested call the session ended before it started: interrupted, with no
 * arguments (a waiting call has none yet), no render data and recovery's queued-call result.
 * A call cancelled while it waited is not told apart: its row is the same as that of a
 * started call whose arguments were too large to keep.
 */
function neverStarted(
  args: unknown,
  result: unknown,
  renderData: unknown,
  context: RenderContext,
): boolean {
  return (
    context.callStatus === 'interrupted' &&
    args == null &&
    renderData == null &&
    result === NEVER_STARTED
  );
}

/** The row of a call that never started: `Bash (not started)`, recovery's note as its body. */
function unstartedRow(name: string, context: RenderContext): Rendering {
  const row: Rendering = {
    header: `${name} (not started)`,
    status: 'interrupted',
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? row : { ...row, body: NEVER_STARTED, bodyMode: 'text' };
}

/**
 * `registry`, drawing a nested call the session ended before it started as such, whatever its
 * tool: its own renderer has no arguments to show, and the generic one would draw a bare name.
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
        neverStarted(args, result, renderData, context)
          ? unstartedRow(name, context)
          : (inner?.(name, args, result, renderData, context) ?? null);
      return renderer;
    },
  };
  return decorated;
}
