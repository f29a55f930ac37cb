import { describe, expect, it } from 'vitest';
import type { ChildRecord, ChildStatus } from './audit.js';
import { childCallStatus, childCallsOf, summaryOf, titleOf } from './render-data.js';

function record(index: number, status: ChildStatus, warning = false): ChildRecord {
  return {
    index,
    id: `E/${index}`,
    tool: 'Read',
    args: { file_path: `f${index}` },
    batch: null,
    status,
    result: status === 'running' ? null : `result ${index}`,
    warning,
    renderData: null,
  };
}

describe('childCallStatus', () => {
  it('keeps every audit status a row can show, denied and interrupted included', () => {
    const statuses: ChildStatus[] = [
      'running',
      'success',
      'error',
      'denied',
      'cancelled',
      'interrupted',
    ];
    expect(statuses.map((status, index) => childCallStatus(record(index, status)))).toEqual([
      'running',
      'success',
      'error',
      'denied',
      'cancelled',
      'interrupted',
    ]);
  });

  it('shows a success that came with pipeline warnings as a warning', () => {
    expect(childCallStatus(record(1, 'success', true))).toBe('warning');
  });
});

describe('the rows and title of a script with a denied and an interrupted call', () => {
  const records = [
    record(1, 'success'),
    record(2, 'denied'),
    record(3, 'interrupted'),
    record(4, 'error'),
  ];

  it('gives each child row its own status', () => {
    expect(childCallsOf(records).map((row) => [row.id, row.status])).toEqual([
      ['E/1', 'success'],
      ['E/2', 'denied'],
      ['E/3', 'interrupted'],
      ['E/4', 'error'],
    ]);
  });

  it('counts the denial apart from the failure in the summary and the title', () => {
    const summary = summaryOf(records);
    expect(summary).toEqual({
      calls: 4,
      succeeded: 1,
      failed: 1,
      denied: 1,
      cancelled: 0,
      interrupted: 1,
      batches: 0,
    });
    expect(titleOf('ToolCall', summary)).toBe(
      'ToolCall: 4 calls (1 failed, 1 denied, 1 interrupted)',
    );
  });
});
