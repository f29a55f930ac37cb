import type { RendererSpec } from '../renderer.js';
import { grepRenderer } from './grep-renderer.js';

/** Renderers this package ships for built-in tools, ready for `createRendererRegistry`. */
export const builtinRenderers: Readonly<Record<string, RendererSpec>> = {
  Grep: { success: grepRenderer },
};
