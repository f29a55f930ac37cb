import { type ChildCall, type Renderer, type RendererRegistry, renderCall } from '@toolcall/render';

interface ToolCallData {
  presentation?: string;
  renderAs?: string;
  header?: { title?: string; status?: string };
  childCalls?: ChildCall[];
}

/**
 * Draws a ToolCall envelope from its render data: a direct call as that tool's row, a script as
 * its header with the returned value as body and one child row per nested call.
 */
export function toolCallRenderer(registry: RendererRegistry): Renderer {
  return (name, _args, result, renderData, context) => {
    const data = (renderData ?? {}) as ToolCallData;
    const children = data.childCalls ?? [];
    if (data.presentation === 'direct' && children.length === 1) {
      const child = children[0]!;
      const { rendering } = renderCall(
        { ...child, result },
        { registry, summaryOnly: context.summaryOnly },
      );
      return rendering;
    }
    const status = data.header?.status;
    return {
      header: data.header?.title ?? name,
      body: typeof result === 'string' ? result : JSON.stringify(result ?? null),
      childCalls: children,
      initiallyCollapsed: false,
      ...(status === 'error' ? { status: 'error' as const } : {}),
      ...(status === 'interrupted' ? { status: 'cancelled' as const } : {}),
    };
  };
}
