import type { RenderContext } from '../renderer.js';
import type { ChildCall, Rendering } from '../rendering.js';
import { countLines } from './text.js';

/** The tool name of the row holding a ToolCall script's long returned value. */
export const RETURNED_ROW = 'Returned';

function textOf(result: unknown): string {
  if (typeof result === 'string') return result;
  return JSON.stringify(result ?? null, null, 2) ?? String(result);
}

/**
 * Draws a script's returned value as a trailing row, collapsed at first:
 * `Returned (21 lines)`, the value as its body.
 */
export function returnedRenderer(
  _name: string,
  _args: unknown,
  result: unknown,
  _renderData: unknown,
  context: RenderContext,
): Rendering {
  const text = textOf(result);
  const lines = countLines(text);
  const rendering: Rendering = {
    header: `${RETURNED_ROW} (${lines} line${lines === 1 ? '' : 's'})`,
    bodyMode: 'text',
    expandable: lines > 0,
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: text };
}

/** The Returned row of envelope `envelopeId`, appended after its nested calls' rows. */
export function returnedRow(envelopeId: string, result: unknown): ChildCall {
  return { id: `${envelopeId}/returned`, tool: RETURNED_ROW, result, status: 'success' };
}
