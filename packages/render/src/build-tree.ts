import type { RenderError } from './errors.js';
import { coalesceRows, groupBatches } from './group-rows.js';
import type { RendererRegistry } from './registry.js';
import { renderCall } from './render-call.js';
import type { ToolCallRecord } from './rendering.js';
import { isFailureStatus } from './status.js';
import type { RenderItem, RenderRow, RenderTree, RenderWarning } from './tree.js';

/** Which rows start open: the renderers' choice, every expandable row, or none. */
export type ExpandMode = 'default' | 'all' | 'none';

/** Options for {@link buildRenderTree}. */
export interface BuildRenderTreeOptions {
  readonly registry: RendererRegistry;
  /** Which rows are drawn open (default `'default'`). */
  readonly expand?: ExpandMode;
  /**
   * `'shown'` builds bodies and children only for open rows; `'all'` builds them for every row,
   * for backends that toggle rows without asking again, such as the HTML page (default `'shown'`).
   */
  readonly content?: 'shown' | 'all';
  /** Child rows deeper than this are dropped with a warning (default 16). */
  readonly maxDepth?: number;
  /** Called with each renderer warning as it happens. */
  readonly onWarning?: (warning: RenderError) => void;
}

interface Settings {
  readonly registry: RendererRegistry;
  readonly expand: ExpandMode;
  readonly contentAll: boolean;
  readonly maxDepth: number;
  readonly onWarning: ((warning: RenderError) => void) | undefined;
  readonly warnings: RenderWarning[];
}

function normalize(options: BuildRenderTreeOptions): Settings {
  const { registry, expand = 'default', content = 'shown', maxDepth = 16, onWarning } = options;
  if (typeof registry?.resolve !== 'function') {
    throw new TypeError('buildRenderTree: options.registry must be a RendererRegistry');
  }
  if (expand !== 'default' && expand !== 'all' && expand !== 'none') {
    throw new TypeError(
      `buildRenderTree: options.expand must be default, all or none, got ${expand}`,
    );
  }
  if (content !== 'shown' && content !== 'all') {
    throw new TypeError(`buildRenderTree: options.content must be shown or all, got ${content}`);
  }
  if (!Number.isInteger(maxDepth) || maxDepth < 0) {
    throw new TypeError(
      `buildRenderTree: options.maxDepth must be an integer ≥ 0, got ${maxDepth}`,
    );
  }
  return { registry, expand, contentAll: content === 'all', maxDepth, onWarning, warnings: [] };
}

function report(settings: Settings, warnings: readonly RenderError[]): void {
  for (const warning of warnings) {
    settings.warnings.push({
      code: warning.code,
      message: warning.message,
      callId: warning.callId ?? null,
      tool: warning.tool ?? null,
    });
    settings.onWarning?.(warning);
  }
}

function render(call: ToolCallRecord, settings: Settings, summaryOnly: boolean) {
  const rendered = renderCall(call, { registry: settings.registry, summaryOnly });
  report(settings, rendered.warnings);
  return rendered.rendering;
}

function buildRow(call: ToolCallRecord, depth: number, settings: Settings): RenderRow | null {
  const { expand } = settings;
  const eager = settings.contentAll || expand === 'all';
  let rendering = render(call, settings, !eager);
  if (rendering.hidden) return null;
  // Failed and denied children start collapsed whatever their renderer says.
  const opensByDefault =
    rendering.expandable &&
    !rendering.initiallyCollapsed &&
    !(depth > 0 && isFailureStatus(rendering.status));
  const expanded =
    rendering.expandable && (expand === 'all' || (expand === 'default' && opensByDefault));
  if (!eager && expanded) rendering = render(call, settings, false);
  const built = rendering.expandable && (eager || expanded);
  const shownByDefault = expand === 'default' && expanded;
  const body = built
    ? ((shownByDefault ? rendering.previewBody : undefined) ?? rendering.body ?? '')
    : null;
  let children: RenderItem[] | null = null;
  if (built) {
    if (depth < settings.maxDepth) {
      children = buildItems(rendering.childCalls, depth + 1, settings);
    } else {
      children = [];
      if (rendering.childCalls.length > 0) {
        settings.warnings.push({
          code: 'invalid-rendering',
          message: `Child calls of ${call.tool} deeper than ${settings.maxDepth} levels were dropped`,
          callId: call.id,
          tool: call.tool,
        });
      }
    }
  }
  return {
    kind: 'row',
    id: call.id,
    tool: call.tool,
    header: rendering.header,
    status: rendering.status,
    expandable: rendering.expandable,
    expanded,
    count: 1,
    coalesceKey: rendering.coalesceKey ?? null,
    batch: call.batch ?? null,
    bodyMode: rendering.bodyMode,
    body,
    children,
  };
}

function buildItems(
  calls: readonly ToolCallRecord[],
  depth: number,
  settings: Settings,
): RenderItem[] {
  const rows: RenderRow[] = [];
  for (const call of calls) {
    const row = buildRow(call, depth, settings);
    if (row !== null) rows.push(row);
  }
  return groupBatches(coalesceRows(rows));
}

/** Renders a transcript's tool calls into a backend-neutral tree of rows and batches. */
export function buildRenderTree(
  calls: readonly ToolCallRecord[],
  options: BuildRenderTreeOptions,
): RenderTree {
  if (!Array.isArray(calls)) {
    throw new TypeError(`buildRenderTree: calls must be an array, got ${typeof calls}`);
  }
  calls.forEach((call: ToolCallRecord, index) => {
    if (
      typeof call?.id !== 'string' ||
      call.id === '' ||
      typeof call.tool !== 'string' ||
      call.tool === ''
    ) {
      throw new TypeError(
        `buildRenderTree: calls[${index}] must have a non-empty string id and tool, got ${JSON.stringify({ id: call?.id, tool: call?.tool })}`,
      );
    }
  });
  const settings = normalize(options);
  const items = buildItems(calls, 0, settings);
  return { version: 1, items, warnings: settings.warnings };
}
