import type { ToolCallProgress } from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import { createProgressHub, describeProgress } from './progress.js';

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

describe('describeProgress', () => {
  it('names the running tools, then done and every count that is not zero', () => {
    expect([
      describeProgress(progress({ active: ['Grep', 'Read'], completed: 3 })),
      describeProgress(
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
      describeProgress(progress({ denied: 1, cancelled: 1 })),
    ]).toEqual([
      'Grep, Read · 3 done',
      'Bash · 1 done · 2 failed · 1 denied · 3 cancelled · 6 queued · 1 waiting for approval',
      '0 done · 1 denied · 1 cancelled',
    ]);
  });
});

describe('createProgressHub', () => {
  it('hands each aggregate to every subscriber until it unsubscribes, past one that throws', () => {
    const hub = createProgressHub();
    const seen: number[] = [];
    hub.subscribe(() => {
      throw new Error('drawing failed');
    });
    const unsubscribe = hub.subscribe((update) => seen.push(update.cancelled));
    hub.publish(progress({ cancelled: 1 }));
    unsubscribe();
    hub.publish(progress({ cancelled: 2 }));
    expect(seen).toEqual([1]);
  });
});
