import type { ToolCallProgress } from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import { createProgressHub } from './progress.js';

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
