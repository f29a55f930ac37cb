import {
  type ChildCall,
  type Renderer,
  type RendererRegistry,
  type Rendering,
  type RenderStatus,
  renderCall,
  returnedRow,
} from '@toolcall/render';

/** The envelope render data this renderer reads (the pipeline's `ToolCallRenderData`, loosely). */
interface EnvelopeData {
  presentation?: string;
  header?: { title?: string; status?: string };
  childCalls?: ChildCall[];
  returned?: { collapsed?: boolean } | null;
  /** A running script's live aggregate (`Read · 2 done · 3 queued`), set by a live host. */
  progress?: string;
}

/** The envelope's own header statuses that are drawn as such; `success` and `error` are below. */
const lifecycleStatuses: ReadonlySet<string> = new Set(['cancelled', 'interrupted']);

/** Child statuses that make a script which still succeeded read as a warning. */
const handledStatuses: ReadonlySet<string> = new Set(['error', 'denied', 'warning']);

/**
 * One nested call's row. The pipeline's audit writes `null` for "no batch", "no arguments" and
 * "no render data"; the render contract omits them. Every audit status is a render status, so a
 * denied or interrupted child is drawn as one.
 */
function childRow(child: ChildCall): ChildCall {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(child)) if (value !== null) copy[key] = value;
  return copy as unknown as ChildCall;
}

function scriptStatus(
  status: string | undefined,
  children: readonly ChildCall[],
): RenderStatus | undefined {
  if (status === 'error') return 'error';
  if (status !== undefined && lifecycleStatuses.has(status)) return status as RenderStatus;
  // A script that handled failed, refused or warning nested calls still succeeded: a warning.
  if (status === 'success' && children.some((child) => handledStatuses.has(child.status ?? '')))
    return 'warning';
  return undefined;
}

/** A settled script's title, or a running one's: its calls so far and its live aggregate. */
function titleOf(name: string, data: EnvelopeData, calls: number): string {
  const title = data.header?.title;
  if (title !== undefined) return title;
  if (data.childCalls === undefined && data.progress === undefined) return name;
  const running = `${name}: ${calls} call${calls === 1 ? '' : 's'} (running)`;
  return data.progress === undefined ? running : `${running} [${data.progress}]`;
}

/**
 * Creates the ToolCall renderer over `registry`, which draws every nested call with its own
 * tool's renderer. A direct call (one tool call as the whole script) is drawn as that tool's
 * row; a script as its title with the returned value as body and one child row per nested
 * call, open by default. A script that succeeded after handling failed, refused or warning
 * calls is a warning; a failed, cancelled or interrupted one says so. A returned value over the
 * line threshold (`returned.collapsed`) moves into a trailing, collapsed Returned row. While a
 * script runs (render data without a header), its title counts the calls so far and carries
 * the live aggregate a host put in `progress`.
 */
export function createToolCallRenderer(registry: RendererRegistry): Renderer {
  if (typeof registry?.resolve !== 'function') {
    throw new TypeError(
      `createToolCallRenderer: registry must be a RendererRegistry, got ${typeof registry}`,
    );
  }
  return (name, _args, result, renderData, context) => {
    const data = (renderData ?? {}) as EnvelopeData;
    const children = (data.childCalls ?? []).map(childRow);
    if (data.presentation === 'direct' && children.length === 1) {
      // The child's record keeps a bounded preview; the envelope's result is the tool's own.
      const child = { ...children[0]!, result };
      return renderCall(child, { registry, summaryOnly: context.summaryOnly }).rendering;
    }
    const status = scriptStatus(data.header?.status, children);
    const collapsed = data.returned?.collapsed === true;
    const rendering: Rendering = {
      header: titleOf(name, data, children.length),
      initiallyCollapsed: false,
      ...(status === undefined ? {} : { status }),
    };
    if (context.summaryOnly) return rendering;
    const body =
      result === undefined ? '' : typeof result === 'string' ? result : JSON.stringify(result);
    return {
      ...rendering,
      body: collapsed ? '' : body,
      childCalls: collapsed ? [...children, returnedRow(context.id, result)] : children,
    };
  };
}
