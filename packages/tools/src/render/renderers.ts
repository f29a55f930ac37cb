import { grepRenderer, type RendererSpec } from '@toolcall/render';
import { applyPatchRenderer } from './apply-patch-renderer.js';
import { readRenderer } from './read-renderer.js';
import { globRenderer } from './search-renderers.js';

/**
 * The renderers of the file tools, by tool name and status, for a `@toolcall/render` registry.
 * Failures keep the generic error row with its diagnostic body.
 */
export const fileToolRenderers: Readonly<Record<string, RendererSpec>> = {
  Read: { success: readRenderer },
  Glob: { success: globRenderer },
  Grep: { success: grepRenderer },
  ApplyPatch: { success: applyPatchRenderer },
};
