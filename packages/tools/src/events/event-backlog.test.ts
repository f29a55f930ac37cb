import { CompletionMailbox, MonitorMailbox } from '@toolcall/exec';
import { describe, expect, it } from 'vitest';
import { createToolSetEvents } from './create-tool-set-events.js';
import { EventBacklog } from './event-backlog.js';

const line = (text: string) => ({ text, kind: 'line' as const });
const end = (text: string) => ({ text, kind: 'end' as const });

describe('EventBacklog', () => {
  it('drops the oldest Monitor lines before an end notice and counts them', () => {
    const backlog = new EventBacklog({ maxEvents: 3, maxCharacters: 1_000 });
    backlog.push('/root', [end('E1'), line('l1'), line('l2'), line('l3'), line('l4')]);
    expect(backlog.take('/root')).toEqual({
      records: [end('E1'), line('l3'), line('l4')],
      dropped: 2,
    });
  });

  it('keeps the newest record even when it alone exceeds the character bound', () => {
    const backlog = new EventBacklog({ maxEvents: 10, maxCharacters: 5 });
    backlog.push('/root', [line('short'), end('a longer end notice')]);
    expect([backlog.take('/root'), backlog.take('/root')]).toEqual([
      { records: [end('a longer end notice')], dropped: 1 },
      undefined,
    ]);
  });

  it('keeps owners apart', () => {
    const backlog = new EventBacklog();
    backlog.push('/root', [line('mine')]);
    backlog.push('/root/a', [line('theirs')]);
    expect([backlog.take('/root'), backlog.size('/root/a')]).toEqual([
      { records: [line('mine')], dropped: 0 },
      1,
    ]);
  });
});

describe('createToolSetEvents listeners', () => {
  it('still tells the other listeners and the model when one listener throws', () => {
    const exec = { monitors: new MonitorMailbox(), completions: new CompletionMailbox() };
    const events = createToolSetEvents({ exec });
    const heard: string[] = [];
    events.subscribe(() => {
      throw new Error('view gone');
    });
    const stop = events.subscribe((event) => heard.push(event.type));
    const record = {
      kind: 'terminal' as const,
      owner: '/root',
      executionId: 'exec-1',
      description: 'watch',
      eventCount: 0,
      termination: 'exited' as const,
      outcome: 'success' as const,
      exitCode: 0,
      notice: 'Monitor exited with code 0.',
      wake: true,
    };
    exec.monitors.publish(record);
    stop();
    exec.monitors.publish({ ...record, executionId: 'exec-2' });
    expect([heard, events.take('/root')?.events, exec.monitors.peek('/root')]).toEqual([
      ['monitor-end'],
      2,
      [],
    ]);
  });

  it('rejects backlog bounds that are not an object', () => {
    const exec = { monitors: new MonitorMailbox(), completions: new CompletionMailbox() };
    expect(() => createToolSetEvents({ exec, limits: 5 as never })).toThrow(
      'event backlog must be an object { maxEvents?, maxCharacters? }, received 5',
    );
  });

  it('rejects a listener that is not a function', () => {
    const exec = { monitors: new MonitorMailbox(), completions: new CompletionMailbox() };
    expect(() => createToolSetEvents({ exec }).subscribe('x' as never)).toThrow(
      'events.subscribe: listener must be a function, received x',
    );
  });
});
