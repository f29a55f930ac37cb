import type { RenderTree } from '../tree.js';

/** Options for {@link renderJson}. */
export interface JsonOptions {
  /** Indentation passed to JSON.stringify (default none: one line). */
  readonly space?: number;
}

/** Serializes a render tree as JSON for the Emacs bridge (shape documented in docs/render.md). */
export function renderJson(tree: RenderTree, options: JsonOptions = {}): string {
  return JSON.stringify(tree, null, options.space);
}
