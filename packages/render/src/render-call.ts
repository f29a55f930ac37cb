import { RenderError } from './errors.js';
import type { RendererRegistry } from './registry.js';
import type { RenderContext } from './renderer.js';
import { genericRenderer } from './renderers/generic-renderer.js';
import type { ChildCall, Rendering, RenderStatus, ToolCallRecord } from './rendering.js';
import { dispatchStatus, explicitStatus, mergeStatus } from './status.js';
import { validateRendering } from './validate-rendering.js';

/** A rendering with every default applied and its status merged with the call's. */
export interface ResolvedRendering {
  readonly header: string;
  readonly body: string | undefined;
  readonly previewBody: string | undefined;
  readonly bodyMode: string;
  readonly status: RenderStatus;
  readonly expandable: boolean;
  readonly hidden: boolean;
  readonly coalesceKey: string | undefined;
  readonly childCalls: readonly ChildCall[];
  readonly initiallyCollapsed: boolean;
}

/** One call's resolved rendering and the warnings raised while getting it. */
export interface RenderedCall {
  readonly rendering: ResolvedRendering;
  readonly warnings: readonly RenderError[];
}

/** Options for {@link renderCall}. */
export interface RenderCallOptions {
  readonly registry: RendererRegistry;
  /** Ask for a collapsed row's summary only (the renderer may skip body and children). */
  readonly summaryOnly?: boolean;
}

function describeThrow(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function resolve(
  rendering: Rendering,
  call: ToolCallRecord,
  fallback: RenderStatus,
): ResolvedRendering {
  return {
    header: rendering.header,
    body: rendering.body,
    previewBody: rendering.previewBody,
    bodyMode: rendering.bodyMode ?? 'text',
    status: mergeStatus(explicitStatus(call), rendering.status ?? fallback),
    expandable: rendering.expandable ?? true,
    hidden: rendering.hidden ?? false,
    coalesceKey: rendering.coalesceKey,
    childCalls: rendering.childCalls ?? [],
    initiallyCollapsed: rendering.initiallyCollapsed ?? true,
  };
}

/**
 * Renders one call with its tool's renderer, falling back to the generic renderer when there is
 * none, it returns null, or it throws or returns an invalid rendering (the last two with a warning).
 */
export function renderCall(call: ToolCallRecord, options: RenderCallOptions): RenderedCall {
  const status = dispatchStatus(call);
  const callStatus = explicitStatus(call);
  const context: RenderContext = {
    summaryOnly: options.summaryOnly ?? false,
    status,
    id: call.id,
    ...(callStatus === undefined ? {} : { callStatus }),
  };
  const renderData = call.renderData ?? null;
  const renderer = options.registry.resolve(call.tool, status);
  const warnings: RenderError[] = [];
  if (renderer !== undefined) {
    let output: unknown;
    let threw = false;
    try {
      output = renderer(call.tool, call.args, call.result, renderData, context);
    } catch (error) {
      threw = true;
      warnings.push(
        new RenderError(
          'renderer-failed',
          `Renderer for ${call.tool} threw: ${describeThrow(error)}`,
          {
            cause: error,
            callId: call.id,
            tool: call.tool,
          },
        ),
      );
    }
    if (!threw && output !== null) {
      const checked = validateRendering(output);
      if (checked.success) return { rendering: resolve(checked.value, call, status), warnings };
      warnings.push(
        new RenderError(
          'invalid-rendering',
          `Renderer for ${call.tool}: ${checked.error.message}`,
          {
            cause: checked.error,
            callId: call.id,
            tool: call.tool,
          },
        ),
      );
    }
  }
  const generic = genericRenderer(call.tool, call.args, call.result, renderData, context);
  return { rendering: resolve(generic, call, status), warnings };
}
