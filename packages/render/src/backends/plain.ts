import type { RenderTree } from '../tree.js';
import { layoutText, type TextLayoutOptions, type TextStyle } from './text-layout.js';

const plainStyle: TextStyle = {
  marker: (_status, text) => text,
  bodyLine: (_mode, line) => line,
  dim: (text) => text,
};

/** Options for {@link renderPlain}. */
export type PlainOptions = TextLayoutOptions;

/** Draws a render tree as plain text: disclosure glyphs, status markers, indented bodies. */
export function renderPlain(tree: RenderTree, options: PlainOptions = {}): string {
  return layoutText(tree, plainStyle, options);
}
