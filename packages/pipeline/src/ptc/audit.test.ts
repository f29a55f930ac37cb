import { describe, expect, it } from 'vitest';
import { ChildAudit, type ChildRecord } from './audit.js';

function row(index: number): ChildRecord {
  return {
    index,
    id: `E/${index}`,
    tool: 'Noop',
    args: { n: index },
    batch: null,
    status: 'running',
    result: null,
    warning: false,
    renderData: null,
  };
}

describe('ChildAudit.release', () => {
  it('hands the rows over in call order in an array of their own and empties the audit', () => {
    const audit = new ChildAudit('E', undefined);
    const [first, second, third] = [row(1), row(2), row(3)];
    audit.start(first);
    audit.start(third);
    audit.start(second);
    audit.settle(first, 'success', 'ok');
    const rows = audit.release();
    expect(rows).toEqual([first, second, third]);
    expect(rows).not.toBe(audit.records);
    expect(audit.records).toEqual([]);
    // The released rows are still the ones the calls hold: a late settlement reaches them.
    audit.settle(second, 'error', 'late');
    expect(rows[1]).toMatchObject({ status: 'error', result: 'late' });
    expect(audit.progress()).toMatchObject({ completed: 1, failed: 1 });
  });
});
