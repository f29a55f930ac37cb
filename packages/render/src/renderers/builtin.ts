import type { RendererSpec } from '../renderer.js';
import { grepRenderer } from './grep-renderer.js';
import { RETURNED_ROW, returnedRenderer } from './returned-renderer.js';

/**
 * Renderers this package ships for built-in tools, and for the Returned row of a ToolCall
 * script, ready for `createRendererRegistry`.
 */
export const builtinRenderers: Readonly<Record<string, RendererSpec>> = {
  Grep: { success: grepRenderer },
  [RETURNED_ROW]: returnedRenderer,
};
