import type { RendererSpec } from '@toolcall/render';
import { readRenderer } from './read-renderer.js';

/** The renderers of the file tools, by tool name, for a `@toolcall/render` registry. */
export const fileToolRenderers: Readonly<Record<string, RendererSpec>> = {
  Read: { success: readRenderer },
};
