import type { ToolOutcome } from '@toolcall/pipeline';
import {
  buildRenderTree,
  genericRenderer,
  type RendererRegistry,
  renderAnsi,
  renderHtml,
  renderPlain,
  type ToolCallRecord,
} from '@toolcall/render';

/** The render record of a settled call; a call refused by a permission check or hook is `denied`. */
export function recordOfOutcome(outcome: ToolOutcome): ToolCallRecord {
  return {
    id: outcome.toolUseId,
    tool: outcome.toolName,
    args: outcome.input,
    result: outcome.result,
    status: outcome.error?.code === 'denied' ? 'denied' : outcome.status,
    ...(outcome.renderData === undefined ? {} : { renderData: outcome.renderData }),
  };
}

/**
 * The registry with the row of call `rootId` drawn open: the call a host was asked for shows its
 * output (a one-call script is drawn as that call); nested rows keep their renderers' choice.
 * `headerSuffix` is appended to that row's header (a recovered script's text, say).
 */
export function openingRoot(
  registry: RendererRegistry,
  rootId: string,
  headerSuffix?: string,
): RendererRegistry {
  return {
    register: (tool, spec) => registry.register(tool, spec),
    unregister: (tool) => registry.unregister(tool),
    has: (tool) => registry.has(tool),
    resolve(tool, status) {
      const inner = registry.resolve(tool, status);
      return (name, args, result, renderData, context) => {
        if (context.id !== rootId)
          return inner === undefined ? null : inner(name, args, result, renderData, context);
        const rendering =
          (inner === undefined ? null : inner(name, args, result, renderData, context)) ??
          genericRenderer(name, args, result, renderData, context);
        if (typeof rendering !== 'object' || rendering === null) return rendering;
        return headerSuffix === undefined || typeof rendering.header !== 'string'
          ? { ...rendering, initiallyCollapsed: false }
          : {
              ...rendering,
              header: `${rendering.header}  ${headerSuffix}`,
              initiallyCollapsed: false,
            };
      };
    },
  };
}

/** How `renderOutcome` draws: a terminal, plain text, or a self-contained HTML page. */
export type OutcomeFormat =
  | { readonly format: 'ansi'; readonly isTTY?: boolean; readonly env?: NodeJS.ProcessEnv }
  | { readonly format: 'plain' }
  | { readonly format: 'html'; readonly title?: string };

/**
 * Draws a settled call as the CLI does, with a tool set's renderers: on a terminal or as plain
 * text the call itself open and its nested rows as their renderers choose; as HTML every row
 * with all its content, to fold in the browser.
 */
export function renderOutcome(
  outcome: ToolOutcome,
  registry: RendererRegistry,
  how: OutcomeFormat = { format: 'plain' },
): string {
  const record = recordOfOutcome(outcome);
  if (how.format === 'html') {
    const tree = buildRenderTree([record], { registry, content: 'all', expand: 'all' });
    return renderHtml(tree, { title: how.title ?? `toolcall: ${outcome.toolName}` });
  }
  const tree = buildRenderTree([record], { registry: openingRoot(registry, record.id) });
  if (how.format === 'plain') return renderPlain(tree);
  return renderAnsi(tree, { isTTY: how.isTTY === true, env: how.env ?? process.env });
}
