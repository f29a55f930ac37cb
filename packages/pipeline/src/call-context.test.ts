import { describe, expect, it } from 'vitest';
import { CallContext } from './call-context.js';

describe('CallContext.waitForPerson', () => {
  it('reports the wait before asking and after the answer, and hands back the answer', async () => {
    const context = new CallContext('Ask', 'T/1', 'T', 'ptc');
    const told: boolean[] = [];
    context.reportPersonWaitsTo({ notifyPersonWait: (waiting) => told.push(waiting) });
    let whenAsked: boolean[] = [];
    const answer = context.waitForPerson(async () => {
      whenAsked = [...told];
      return 'yes';
    });
    await expect(answer).resolves.toBe('yes');
    expect(whenAsked).toEqual([true]);
    expect(told).toEqual([true, false]);
  });

  it('ends the wait when the work fails, and passes the failure on', async () => {
    const context = new CallContext('Ask', 'T/1', 'T', 'ptc');
    const told: boolean[] = [];
    context.reportPersonWaitsTo({ notifyPersonWait: (waiting) => told.push(waiting) });
    await expect(
      context.waitForPerson(async () => {
        throw new Error('gone');
      }),
    ).rejects.toThrow('gone');
    expect(told).toEqual([true, false]);
  });

  it('works with no one listening, and refuses something that is not a promise', async () => {
    const context = new CallContext('Ask', 'T/1', undefined, 'direct');
    await expect(context.waitForPerson(async () => 1)).resolves.toBe(1);
    await expect(context.waitForPerson('soon' as unknown as () => Promise<string>)).rejects.toThrow(
      'waitForPerson: expected a function, received string',
    );
  });
});
