import {
  type ChildCall,
  type Renderer,
  type RendererRegistry,
  renderCall,
  returnedRow,
} from '@toolcall/render';

interface ToolCallData {
  presentation?: string;
  renderAs?: string;
  header?: { title?: string; status?: string };
  childCalls?: ChildCall[];
  summary?: { failed?: number };
  returned?: { collapsed?: boolean } | null;
}

/**
 * Draws a ToolCall envelope from its render data: a direct call as that tool's row, a script as
 * its header with the returned value as body and one child row per nested call. A returned value
 * over the line threshold (`returned.collapsed`) moves into a trailing, collapsed Returned row.
 */
export function toolCallRenderer(registry: RendererRegistry): Renderer {
  return (name, _args, result, renderData, context) => {
    const data = (renderData ?? {}) as ToolCallData;
    // The pipeline writes `batch: null` for an unbatched call; the render contract omits it.
    // A recovered script's unfinished children are `interrupted`, drawn as cancelled rows.
    const children = (data.childCalls ?? []).map((child) => {
      const { batch, status, ...rest } = child as Omit<ChildCall, 'status'> & {
        batch?: string | null;
        status: string;
      };
      const row = {
        ...rest,
        status: (status === 'interrupted' ? 'cancelled' : status) as ChildCall['status'],
      };
      return batch == null ? row : { ...row, batch };
    });
    if (data.presentation === 'direct' && children.length === 1) {
      const child = children[0]!;
      const { rendering } = renderCall(
        { ...child, result },
        { registry, summaryOnly: context.summaryOnly },
      );
      return rendering;
    }
    const status = data.header?.status;
    // A script that handled failed nested calls still succeeded: draw it as a warning.
    const handled = status === 'success' && (data.summary?.failed ?? 0) > 0;
    const collapsed = data.returned?.collapsed === true;
    return {
      header: data.header?.title ?? name,
      body: collapsed ? '' : typeof result === 'string' ? result : JSON.stringify(result ?? null),
      childCalls: collapsed ? [...children, returnedRow(context.id, result)] : children,
      initiallyCollapsed: false,
      ...(status === 'error' ? { status: 'error' as const } : {}),
      ...(handled ? { status: 'warning' as const } : {}),
      ...(status === 'interrupted' || status === 'cancelled'
        ? { status: 'cancelled' as const }
        : {}),
    };
  };
}
