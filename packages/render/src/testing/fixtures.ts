import type { RenderRow, RenderTree } from '../tree.js';

/** A row with defaults, for backend tests. */
export function makeRow(overrides: Partial<RenderRow> & Pick<RenderRow, 'header'>): RenderRow {
  return {
    kind: 'row',
    id: 'id',
    tool: 'Tool',
    status: 'success',
    expandable: true,
    expanded: false,
    count: 1,
    coalesceKey: null,
    batch: null,
    bodyMode: 'text',
    body: null,
    children: null,
    ...overrides,
  };
}

/** A tree of the given items. */
export function makeTree(...items: RenderTree['items']): RenderTree {
  return { version: 1, items, warnings: [] };
}
