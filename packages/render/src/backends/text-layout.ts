import type { RenderStatus } from '../rendering.js';
import type { RenderItem, RenderRow, RenderTree } from '../tree.js';
import { countSuffix, disclosureGlyph, statusMarkers } from './markers.js';
import { sanitizeBody, sanitizeLine } from './sanitize.js';

/** How a text backend decorates the pieces of a row. */
export interface TextStyle {
  marker(status: RenderStatus, text: string): string;
  bodyLine(mode: string, line: string): string;
  dim(text: string): string;
}

/** Layout options shared by the plain and ANSI backends. */
export interface TextLayoutOptions {
  /** Bodies longer than this many lines fold their middle (default 40; 0 never folds). */
  readonly maxBodyLines?: number;
  /** Spaces per nesting level (default 2). */
  readonly indent?: number;
}

interface Layout {
  readonly style: TextStyle;
  readonly maxBodyLines: number;
  readonly indent: string;
  readonly lines: string[];
}

/** Splits a body into the lines to show, folding its middle without splitting all of it. */
function foldBody(body: string, max: number): { head: string[]; folded: number; tail: string[] } {
  const text = body.endsWith('\n') ? body.slice(0, -1) : body;
  if (max <= 0) return { head: sanitizeBody(text).split('\n'), folded: 0, tail: [] };
  const tailCount = Math.floor(max / 3);
  const headCount = max - tailCount;
  // Find the end of the head lines; a short body needs no folding at all.
  let headEnd = -1;
  for (let line = 0; line < headCount; line += 1) {
    headEnd = text.indexOf('\n', headEnd + 1);
    if (headEnd === -1) return { head: sanitizeBody(text).split('\n'), folded: 0, tail: [] };
  }
  let tailStart = text.length;
  for (let line = 0; line < tailCount; line += 1) {
    tailStart = text.lastIndexOf('\n', tailStart - 1);
    if (tailStart <= headEnd) return { head: sanitizeBody(text).split('\n'), folded: 0, tail: [] };
  }
  let folded = 1;
  for (
    let at = text.indexOf('\n', headEnd + 1);
    at !== -1 && at < tailStart;
    at = text.indexOf('\n', at + 1)
  ) {
    folded += 1;
  }
  return {
    head: sanitizeBody(text.slice(0, headEnd)).split('\n'),
    folded,
    tail: tailCount === 0 ? [] : sanitizeBody(text.slice(tailStart + 1)).split('\n'),
  };
}

function emitRow(row: RenderRow, prefix: string, layout: Layout): void {
  const { style } = layout;
  const marker = statusMarkers[row.status];
  const markerText = marker === '' ? '' : `${style.marker(row.status, marker)} `;
  const glyph = disclosureGlyph(row.expandable, row.expanded);
  layout.lines.push(
    `${prefix}${style.dim(glyph)} ${markerText}${sanitizeLine(row.header)}${countSuffix(row.count)}`,
  );
  if (!row.expandable || !row.expanded) return;
  const inner = prefix + layout.indent;
  if (row.body !== null && row.body !== '') {
    const { head, folded, tail } = foldBody(row.body, layout.maxBodyLines);
    for (const line of head) layout.lines.push(`${inner}${style.bodyLine(row.bodyMode, line)}`);
    if (folded > 0) {
      layout.lines.push(
        `${inner}${style.dim(`⋮ ${folded} more line${folded === 1 ? '' : 's'} folded`)}`,
      );
      for (const line of tail) layout.lines.push(`${inner}${style.bodyLine(row.bodyMode, line)}`);
    }
  }
  if (row.children !== null) emitItems(row.children, inner, layout);
}

function emitItems(items: readonly RenderItem[], prefix: string, layout: Layout): void {
  for (const item of items) {
    if (item.kind === 'row') {
      emitRow(item, prefix, layout);
      continue;
    }
    const first = layout.lines.length;
    for (const row of item.rows) emitRow(row, prefix, layout);
    const last = layout.lines.length - 1;
    // Bracket the batch: the gutter sits right after the enclosing prefix.
    for (let index = first; index <= last; index += 1) {
      const glyph = index === first ? '┌' : index === last ? '└' : '│';
      const line = layout.lines[index]!;
      layout.lines[index] = `${prefix}${layout.style.dim(glyph)} ${line.slice(prefix.length)}`;
    }
  }
}

/** Lays a render tree out as lines of text, styled by `style`. */
export function layoutText(
  tree: RenderTree,
  style: TextStyle,
  options: TextLayoutOptions = {},
): string {
  const { maxBodyLines = 40, indent = 2 } = options;
  if (!Number.isInteger(maxBodyLines) || maxBodyLines < 0) {
    throw new TypeError(`maxBodyLines must be an integer ≥ 0, got ${maxBodyLines}`);
  }
  if (!Number.isInteger(indent) || indent < 0) {
    throw new TypeError(`indent must be an integer ≥ 0, got ${indent}`);
  }
  const layout: Layout = { style, maxBodyLines, indent: ' '.repeat(indent), lines: [] };
  emitItems(tree.items, '', layout);
  return layout.lines.length === 0 ? '' : `${layout.lines.join('\n')}\n`;
}
