import { DEFAULT_AUDIT_BOUNDS, type PipelineEvent, type ToolOutcome } from '@toolcall/pipeline';
import {
  buildRenderTree,
  builtinRenderers,
  type ChildCall,
  createRendererRegistry,
  type Renderer,
  type RenderStatus,
  type RenderTree,
  returnedRow,
} from '@toolcall/render';

interface EnvelopeData {
  header?: { title?: string; status?: string };
  childCalls?: ChildCall[];
  presentation?: string;
  returned?: { collapsed?: boolean } | null;
}

// A ToolCall envelope draws its own header and returned value; each child row
// is drawn by its own tool's renderer one level deeper. A returned value over
// the line threshold moves into a trailing, collapsed Returned row.
const toolCallRenderer: Renderer = (_name, args, result, renderData, context) => {
  const data = (renderData ?? {}) as EnvelopeData;
  const expression = (args as { expression?: unknown } | null)?.expression;
  const children = (data.childCalls ?? []).map(cleanChild);
  const title =
    data.header?.title ??
    `ToolCall: ${children.length} call${children.length === 1 ? '' : 's'} (running)`;
  const collapsed = data.returned?.collapsed === true;
  return {
    header: typeof expression === 'string' ? `${title}  ${oneLine(expression)}` : title,
    body: collapsed || typeof result !== 'string' ? '' : result,
    childCalls: collapsed ? [...children, returnedRow(context.id, result)] : children,
    initiallyCollapsed: false,
  };
};

// The driver's audit rows use null for "no batch" and "no render data"; a rendering omits them.
// Every audit status is a render status: denied and interrupted children are drawn as such.
function cleanChild(child: ChildCall): ChildCall {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(child)) if (value !== null) copy[key] = value;
  return copy as unknown as ChildCall;
}

/** A settled nested call's row status: a refused or cancelled call says so, as in the audit. */
function settledStatus(outcome: ToolOutcome): RenderStatus {
  const code = outcome.error?.code;
  if (code === 'denied' || code === 'cancelled') return code;
  return outcome.status;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

const registry = createRendererRegistry({ ...builtinRenderers, ToolCall: toolCallRenderer });

/** One call the view draws: its record fields and, for an envelope, its live children. */
export interface ViewCall {
  id: string;
  tool: string;
  args: unknown;
  result?: unknown;
  status: RenderStatus;
  renderData?: Record<string, unknown>;
  children: Map<string, ChildCall>;
}

/** Builds the JSON render tree of one call, with every body present so Emacs folds locally. */
export function viewTreeOf(call: ViewCall): RenderTree {
  const settled = call.renderData?.childCalls !== undefined;
  const renderData = settled
    ? call.renderData
    : { ...call.renderData, childCalls: [...call.children.values()] };
  return buildRenderTree(
    [
      {
        id: call.id,
        tool: call.tool,
        args: call.args,
        result: call.result,
        status: call.status,
        renderData: renderData as never,
      },
    ],
    { registry, content: 'all' },
  );
}

/**
 * A live row keeps what the settled audit would: a child's result as a bounded preview and its
 * render data only when small. The whole live tree is sent to Emacs on every nested start and
 * settlement, so full copies of large results would be sent again and again.
 */
function livePreview(result: unknown): unknown {
  const limit = DEFAULT_AUDIT_BOUNDS.directPreview;
  if (typeof result === 'string') {
    return result.length <= limit
      ? result
      : `${result.slice(0, limit)}… (${result.length - limit} more characters)`;
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(result);
  } catch {
    return '(a result that is not JSON)';
  }
  if (text === undefined || text.length <= limit) return result;
  return `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}

function liveRenderData(data: unknown): Record<string, unknown> | undefined {
  if (data === undefined || data === null) return undefined;
  try {
    return JSON.stringify(data).length > DEFAULT_AUDIT_BOUNDS.renderDataSize
      ? undefined
      : (data as Record<string, unknown>);
  } catch {
    return undefined;
  }
}

/** Folds one pipeline event of a nested call into its envelope's live children. */
export function applyChildEvent(call: ViewCall, event: PipelineEvent): boolean {
  if (event.parentId !== call.id) return false;
  if (event.type === 'started') {
    call.children.set(event.toolUseId, {
      id: event.toolUseId,
      tool: event.toolName,
      args: event.input,
      status: 'running',
    });
    return true;
  }
  if (event.type === 'settled') {
    const outcome = event.outcome;
    const renderData = liveRenderData(outcome.renderData);
    call.children.set(event.toolUseId, {
      id: event.toolUseId,
      tool: event.toolName,
      args: event.input,
      result: livePreview(outcome.result),
      status: settledStatus(outcome),
      ...(renderData === undefined ? {} : { renderData: renderData as never }),
    });
    return true;
  }
  return false;
}
