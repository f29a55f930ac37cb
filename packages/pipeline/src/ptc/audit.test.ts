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

describe('ChildAudit queue', () => {
  it('shows waiting calls as queued rows by run, and drops each as it starts or is refused', () => {
    const audit = new ChildAudit('E', undefined);
    audit.start(row(1));
    audit.queue(2, 2, 'Read', 'batch-1');
    audit.queue(4, 1, 'Grep', 'batch-1');
    expect(audit.queued).toBe(3);
    expect(audit.snapshot().map((record) => [record.id, record.tool, record.status])).toEqual([
      ['E/1', 'Noop', 'running'],
      ['E/2', 'Read', 'queued'],
      ['E/3', 'Read', 'queued'],
      ['E/4', 'Grep', 'queued'],
    ]);
    audit.start(row(2));
    audit.dequeue(3);
    expect(audit.snapshot().map((record) => [record.id, record.status])).toEqual([
      ['E/1', 'running'],
      ['E/2', 'running'],
      ['E/4', 'queued'],
    ]);
    expect(audit.progress()).toMatchObject({ queued: 1 });
  });

  it('publishes the queue shrinking when a waiting call is refused', () => {
    const seen: number[] = [];
    const audit = new ChildAudit('E', (progress) => seen.push(progress.queued));
    audit.start(row(1));
    audit.queue(2, 2, 'Read', 'batch-1');
    audit.refuse(2);
    audit.refuse(2);
    expect(seen).toEqual([0, 1]);
  });
});
