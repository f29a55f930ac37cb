import type { RenderItem, RenderRow, RenderTree } from '../tree.js';
import { escapeHtml } from './escape-html.js';
import { htmlStyle } from './html-style.js';
import { classifyLine } from './line-classes.js';
import { countSuffix, disclosureGlyph, statusMarkers } from './markers.js';

/** Options for {@link renderHtml}. */
export interface HtmlOptions {
  /** The page title (default `Tool calls`). */
  readonly title?: string;
}

function bodyLineHtml(mode: string, line: string): string {
  const classes = classifyLine(mode, line);
  if (classes === null) return escapeHtml(line);
  if (classes.kind === 'grep-hit' || classes.kind === 'grep-context') {
    const number = `<span class="tc-grep-line">${escapeHtml(line.slice(0, classes.split))}</span>`;
    const rest = escapeHtml(line.slice(classes.split));
    return classes.kind === 'grep-context'
      ? `${number}<span class="tc-grep-context">${rest}</span>`
      : number + rest;
  }
  return `<span class="tc-${classes.kind}">${escapeHtml(line)}</span>`;
}

function bodyHtml(mode: string, body: string): string {
  if (mode !== 'diff' && mode !== 'grep') return escapeHtml(body);
  const lines = body.split('\n');
  let out = '';
  for (let index = 0; index < lines.length; index += 1) {
    if (index > 0) out += '\n';
    out += bodyLineHtml(mode, lines[index]!);
  }
  return out;
}

function headerHtml(row: RenderRow): string {
  const marker = statusMarkers[row.status];
  const markerHtml = marker === '' ? '' : `<span class="tc-marker">${marker}</span>`;
  const count =
    row.count > 1 ? `<span class="tc-count">${escapeHtml(countSuffix(row.count))}</span>` : '';
  return `${markerHtml}<span class="tc-header">${escapeHtml(row.header)}</span>${count}`;
}

function rowHtml(row: RenderRow): string {
  const classes = `tc-row tc-status-${row.status}`;
  const id = escapeHtml(row.id);
  const tool = escapeHtml(row.tool);
  if (!row.expandable) {
    return `<div class="${classes} tc-event" data-id="${id}" data-tool="${tool}">${headerHtml(row)}</div>`;
  }
  let content = '';
  if (row.body !== null && row.body !== '') {
    // The HTML parser drops one newline right after <pre>; give it ours so a body
    // that starts with a newline keeps it.
    content += `<pre class="tc-body tc-mode-${escapeHtml(row.bodyMode)}">\n${bodyHtml(row.bodyMode, row.body)}</pre>`;
  }
  if (row.children !== null && row.children.length > 0) content += itemsHtml(row.children);
  const open = row.expanded ? ' open' : '';
  const glyph = disclosureGlyph(true, row.expanded);
  return `<details class="${classes}" data-id="${id}" data-tool="${tool}" data-glyph="${glyph}"${open}><summary>${headerHtml(row)}</summary><div class="tc-content">${content}</div></details>`;
}

function itemsHtml(items: readonly RenderItem[]): string {
  let out = '';
  for (const item of items) {
    if (item.kind === 'row') {
      out += rowHtml(item);
    } else {
      out += `<div class="tc-batch" data-batch="${escapeHtml(item.batch)}">`;
      for (const row of item.rows) out += rowHtml(row);
      out += '</div>';
    }
  }
  return out;
}

/**
 * Draws a render tree as one self-contained HTML page with collapsible `<details>` rows; build
 * the tree with `content: 'all'` so collapsed rows open without asking again.
 */
export function renderHtml(tree: RenderTree, options: HtmlOptions = {}): string {
  const title = escapeHtml(options.title ?? 'Tool calls');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${htmlStyle}</style>
</head>
<body>
<main class="tc-transcript">
<h1>${title}</h1>
${itemsHtml(tree.items)}
</main>
</body>
</html>
`;
}
