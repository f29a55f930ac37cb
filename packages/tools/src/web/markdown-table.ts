import type { HtmlElement, HtmlNode } from './html-parse.js';

/** How the table renderer draws a cell inline, or a layout table's cells as blocks. */
export interface TableRenderers {
  renderCell(cell: HtmlElement): string;
  renderBlocks(nodes: readonly HtmlNode[]): string;
}

function collectRows(table: HtmlElement): HtmlElement[] {
  const rows: HtmlElement[] = [];
  for (const child of table.children) {
    if (child.type !== 'element') continue;
    if (child.name === 'tr') rows.push(child);
    else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') {
      rows.push(...collectRows(child));
    }
  }
  return rows;
}

function cellsOf(row: HtmlElement): HtmlElement[] {
  return row.children.filter(
    (child): child is HtmlElement =>
      child.type === 'element' && (child.name === 'td' || child.name === 'th'),
  );
}

function containsTable(node: HtmlNode): boolean {
  return (
    node.type === 'element' &&
    node.children.some(
      (child) => child.type === 'element' && (child.name === 'table' || containsTable(child)),
    )
  );
}

/**
 * Draws a data table as a Markdown pipe table (first row as header); a layout table — one
 * column, or tables nested in cells — is drawn as its cells' blocks instead.
 */
export function renderTable(table: HtmlElement, renderers: TableRenderers): string {
  const rows = collectRows(table)
    .map(cellsOf)
    .filter((cells) => cells.length > 0);
  const width = Math.max(0, ...rows.map((cells) => cells.length));
  if (rows.length === 0) return renderers.renderBlocks(table.children);
  if (width < 2 || containsTable(table)) {
    return rows
      .flatMap((cells) => cells.map((cell) => renderers.renderBlocks(cell.children)))
      .filter((text) => text !== '')
      .join('\n\n');
  }
  const lines = rows.map((cells) => {
    const texts = cells.map((cell) =>
      renderers
        .renderCell(cell)
        .replace(/\s*\n\s*/g, ' ')
        .replace(/\|/g, '\\|'),
    );
    while (texts.length < width) texts.push('');
    return `| ${texts.join(' | ')} |`;
  });
  const separator = `|${' --- |'.repeat(width)}`;
  return [lines[0], separator, ...lines.slice(1)].join('\n');
}
