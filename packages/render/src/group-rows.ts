import type { RenderItem, RenderRow } from './tree.js';

/** Collapses runs of consecutive rows with the same coalesce key into the last, adding counts. */
export function coalesceRows(rows: readonly RenderRow[]): RenderRow[] {
  const out: RenderRow[] = [];
  for (const row of rows) {
    const previous = out[out.length - 1];
    if (
      previous !== undefined &&
      row.coalesceKey !== null &&
      previous.coalesceKey === row.coalesceKey
    ) {
      out[out.length - 1] = { ...row, count: previous.count + row.count };
    } else {
      out.push(row);
    }
  }
  return out;
}

/** Brackets runs of two or more consecutive rows sharing a batch id; a one-call batch stays a row. */
export function groupBatches(rows: readonly RenderRow[]): RenderItem[] {
  const out: RenderItem[] = [];
  let index = 0;
  while (index < rows.length) {
    const row = rows[index]!;
    let end = index + 1;
    if (row.batch !== null) {
      while (end < rows.length && rows[end]!.batch === row.batch) end += 1;
    }
    if (end - index >= 2) {
      out.push({ kind: 'batch', batch: row.batch!, rows: rows.slice(index, end) });
    } else {
      out.push(row);
    }
    index = end;
  }
  return out;
}
