import { describe, expect, it } from 'vitest';
import type { ToolCallProgress } from './audit.js';
import { describeToolCallProgress } from './progress-text.js';

const progress = (counts: Partial<ToolCallProgress>): ToolCallProgress => ({
  envelopeId: 'E',
  active: [],
  completed: 0,
  failed: 0,
  denied: 0,
  cancelled: 0,
  queued: 0,
  waiting: 0,
  ...counts,
});

describe('describeToolCallProgress', () => {
  it('names the running tools, then done and every count that is not zero', () => {
    expect([
      describeToolCallProgress(progress({ active: ['Grep', 'Read'], completed: 3 })),
      describeToolCallProgress(
        progress({
          completed: 1,
          failed: 2,
          denied: 1,
          cancelled: 3,
          queued: 6,
          waiting: 1,
          active: ['Bash'],
        }),
      ),
      describeToolCallProgress(progress({ denied: 1, cancelled: 1 })),
    ]).toEqual([
      'Grep, Read · 3 done',
      'Bash · 1 done · 2 failed · 1 denied · 3 cancelled · 6 queued · 1 waiting for approval',
      '0 done · 1 denied · 1 cancelled',
    ]);
  });
});
