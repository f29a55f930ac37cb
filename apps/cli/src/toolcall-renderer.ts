import type { ChildCall as AuditRow } from '@toolcall/pipeline';
import {
  type ChildCall,
  type Renderer,
  type RendererRegistry,
  type RenderStatus,
  renderCall,
  returnedRow,
} from '@toolcall/render';

interface ToolCallData {
  presentation?: string;
  renderAs?: string;
  header?: { title?: string; status?: string };
  childCalls?: AuditRow[];
  summary?: { failed?: number };
  returned?: { collapsed?: boolean } | null;
}

/** The envelope's own header statuses that are drawn as such; `success` and `error` are below. */
const lifecycleStatuses: ReadonlySet<string> = new Set(['cancelled', 'interrupted']);

/**
 * One nested call's row. Every audit row status is a render status, so a denied or interrupted
 * call is drawn as one. The pipeline writes `batch: null` for an unbatched call; the render
 * contract omits it.
 */
function childRow(child: AuditRow): ChildCall {
  const { batch, ...rest } = child;
  const row: ChildCall = rest;
  return batch == null ? row : { ...row, batch };
}

/**
 * Draws a ToolCall envelope from its render data: a direct call as that tool's row, a script as
 * its header with the returned value as body and one child row per nested call. A returned value
 * over the line threshold (`returned.collapsed`) moves into a trailing, collapsed Returned row.
 */
export function toolCallRenderer(registry: RendererRegistry): Renderer {
  return (name, _args, result, renderData, context) => {
    const data = (renderData ?? {}) as ToolCallData;
    const children = (data.childCalls ?? []).map(childRow);
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
      ...(status !== undefined && lifecycleStatuses.has(status)
        ? { status: status as RenderStatus }
        : {}),
    };
  };
}
