import {
  DEFAULT_AUDIT_BOUNDS,
  type PipelineEvent,
  type ToolCallCheckpoint,
  type ToolOutcome,
} from '@toolcall/pipeline';
import {
  buildRenderTree,
  type ChildCall,
  type RendererRegistry,
  type RenderStatus,
  type RenderTree,
} from '@toolcall/render';

/** Marks the render data of a live row that stands for a call waiting for a parallel slot. */
const QUEUED = 'toolcall.queued';

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

/**
 * The tool set's registry as the view draws it. A call waiting for a slot has no arguments yet:
 * whatever its tool, its row names the tool and says it waits, and has nothing to open. A
 * script's own row (`rootId`) ends with its text on one line, so a row says what ran; a direct
 * call is drawn as its tool's row, which already names it. Every other call goes to its tool's
 * renderer.
 */
function viewRegistry(renderers: RendererRegistry, rootId: string, script: string | undefined) {
  const registry: RendererRegistry = {
    register: (tool, spec) => {
      renderers.register(tool, spec);
      return registry;
    },
    unregister: (tool) => renderers.unregister(tool),
    has: (tool) => renderers.has(tool),
    resolve(tool, status) {
      const renderer = renderers.resolve(tool, status);
      return (name, args, result, renderData, context) => {
        if (renderData?.[QUEUED] === true) {
          return { header: `${name} (queued)`, expandable: false, status: 'running' };
        }
        const rendering = renderer?.(name, args, result, renderData, context) ?? null;
        if (rendering === null || context.id !== rootId || script === undefined) return rendering;
        if (renderData?.presentation === 'direct') return rendering;
        return { ...rendering, header: `${rendering.header}  ${oneLine(script)}` };
      };
    },
  };
  return registry;
}

/**
 * One call the view draws: its record fields, for an envelope its live children, and the
 * renderer registry of the tool set it runs on.
 */
export interface ViewCall {
  id: string;
  tool: string;
  args: unknown;
  result?: unknown;
  status: RenderStatus;
  renderData?: Record<string, unknown>;
  children: Map<string, ChildCall>;
  /** A running script's calls waiting for a parallel slot, from its journal (see `applyJournal`). */
  queued?: ChildCall[];
  /** A running script's live aggregate, drawn in its header until it settles. */
  progress?: string;
  /** The tool set's renderers: every tool's own, ToolCall's included. */
  renderers: RendererRegistry;
}

/** A ToolCall's script text, which its row shows after its title. */
function scriptOf(call: ViewCall): string | undefined {
  const expression = (call.args as { expression?: unknown } | null)?.expression;
  return call.tool === 'ToolCall' && typeof expression === 'string' ? expression : undefined;
}

/** Builds the JSON render tree of one call, with every body present so Emacs folds locally. */
export function viewTreeOf(call: ViewCall): RenderTree {
  const settled = call.renderData?.childCalls !== undefined;
  const renderData = settled
    ? call.renderData
    : {
        ...call.renderData,
        childCalls: [
          ...call.children.values(),
          ...(call.queued ?? []).filter((row) => !call.children.has(row.id)),
        ],
        ...(call.progress === undefined ? {} : { progress: call.progress }),
      };
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
    { registry: viewRegistry(call.renderers, call.id, scriptOf(call)), content: 'all' },
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
    // A queued call that starts keeps its batch; its queued row gives way to this one.
    const batch = call.queued?.find((row) => row.id === event.toolUseId)?.batch;
    call.children.set(event.toolUseId, {
      id: event.toolUseId,
      tool: event.toolName,
      args: event.input,
      status: 'running',
      ...(batch === undefined ? {} : { batch }),
    });
    return true;
  }
  if (event.type === 'settled') {
    const outcome = event.outcome;
    const renderData = liveRenderData(outcome.renderData);
    const batch = call.children.get(event.toolUseId)?.batch;
    call.children.set(event.toolUseId, {
      id: event.toolUseId,
      tool: event.toolName,
      args: event.input,
      ...(batch === undefined ? {} : { batch }),
      result: livePreview(outcome.result),
      status: settledStatus(outcome),
      ...(renderData === undefined ? {} : { renderData: renderData as never }),
    });
    return true;
  }
  return false;
}

/**
 * Brings a running script's live rows up to its driver journal: the calls of a `parallel` or
 * `parallel-map` join get their batch, so a fan-out is bracketed as it runs, and the calls
 * waiting for a slot under the parallelism cap get a queued row each until they start.
 */
export function applyJournal(call: ViewCall, journal: ToolCallCheckpoint): void {
  const queued: ChildCall[] = [];
  for (const record of journal.children) {
    if (record.status === 'queued') {
      queued.push({
        id: record.id,
        tool: record.tool,
        status: 'running',
        ...(record.batch === null ? {} : { batch: record.batch }),
        renderData: { [QUEUED]: true },
      });
      continue;
    }
    const live = call.children.get(record.id);
    if (live !== undefined && record.batch !== null && live.batch !== record.batch) {
      call.children.set(record.id, { ...live, batch: record.batch });
    }
  }
  call.queued = queued;
}
