import { fc, test } from '@fast-check/vitest';
import {
  CompletionMailbox,
  type CompletionRecord,
  type ExecutionFacts,
  MonitorMailbox,
  type MonitorRecord,
} from '@toolcall/exec';
import { describe, expect } from 'vitest';
import { formatCompletionRecord } from '../execution/completion-text.js';
import { formatMonitorRecord } from '../execution/monitor-text.js';
import { createToolSetEvents } from './create-tool-set-events.js';
import { EVENT_LEAD } from './event-text.js';

const OWNERS = ['/root', '/root/a', '/root/b'] as const;

// One step of a session: a Monitor batch, a Monitor's end, a yielded command's end, or a take.
const step = fc.oneof(
  fc.record({
    kind: fc.constant('lines' as const),
    owner: fc.constantFrom(...OWNERS),
    count: fc.integer({ min: 1, max: 4 }),
    width: fc.nat({ max: 40 }),
  }),
  fc.record({ kind: fc.constant('monitor-end' as const), owner: fc.constantFrom(...OWNERS) }),
  fc.record({ kind: fc.constant('execution-end' as const), owner: fc.constantFrom(...OWNERS) }),
  fc.record({ kind: fc.constant('take' as const), owner: fc.constantFrom(...OWNERS) }),
);

function facts(executionId: string): ExecutionFacts {
  return {
    executionId,
    command: 'true',
    state: 'completed',
    termination: 'exited',
    exitCode: 0,
    outcome: 'success',
    wallTimeMs: 1,
    outputBytes: 0,
    outputLines: 0,
    tty: false,
    timedOut: false,
    outputLimited: false,
    forcedKill: false,
  };
}

describe('createToolSetEvents', () => {
  // The model's mailbox: nothing twice, nothing lost while the backlog keeps within its bounds,
  // and every listener hears every event whatever the model took.
  test.prop([
    fc.array(step, { maxLength: 60 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 200, max: 3_000 }),
  ])(
    'delivers each record at most once, exactly once under the bounds, and tells listeners all',
    (steps, maxEvents, maxCharacters) => {
      const exec = { monitors: new MonitorMailbox(), completions: new CompletionMailbox() };
      const events = createToolSetEvents({ exec, limits: { maxEvents, maxCharacters } });
      const heard: string[] = [];
      events.subscribe((event) => heard.push(...event.texts));
      const published: string[] = [];
      const delivered: string[] = [];
      const since = new Map<string, { texts: string[]; characters: number }>();
      let id = 0;
      const publishMonitor = (record: MonitorRecord) => {
        note(record.owner, formatMonitorRecord(record));
        exec.monitors.publish(record);
      };
      const publishCompletion = (record: CompletionRecord) => {
        note(record.owner, [formatCompletionRecord(record)]);
        exec.completions.publish(record);
      };
      const note = (owner: string, texts: readonly string[]) => {
        const pending = since.get(owner) ?? { texts: [], characters: 0 };
        for (const text of texts) {
          pending.texts.push(text);
          pending.characters += text.length;
        }
        since.set(owner, pending);
        published.push(...texts);
      };
      const take = (owner: string) => {
        const pending = since.get(owner) ?? { texts: [], characters: 0 };
        since.delete(owner);
        const delivery = events.take(owner);
        const texts = delivery?.text.split('\n').filter((line) => line.startsWith('<')) ?? [];
        delivered.push(...texts);
        const within = pending.texts.length <= maxEvents && pending.characters <= maxCharacters;
        expect(texts.length + (delivery?.dropped ?? 0)).toBe(pending.texts.length);
        expect(delivery === undefined || delivery.text.startsWith(EVENT_LEAD)).toBe(true);
        if (within) expect(texts).toEqual(pending.texts);
        // The newest record always reaches the model.
        if (pending.texts.length > 0) expect(texts.at(-1)).toBe(pending.texts.at(-1));
      };
      for (const action of steps) {
        const executionId = `exec-${++id}`;
        if (action.kind === 'take') take(action.owner);
        else if (action.kind === 'lines') {
          publishMonitor({
            kind: 'event',
            owner: action.owner,
            executionId,
            description: 'watch',
            lines: Array.from({ length: action.count }, (_, line) => ({
              text: `${executionId}.${line} ${'x'.repeat(action.width)}`,
              truncatedChars: 0,
            })),
            omitted: 0,
            wake: true,
          });
        } else if (action.kind === 'monitor-end') {
          publishMonitor({
            kind: 'terminal',
            owner: action.owner,
            executionId,
            description: 'watch',
            eventCount: 0,
            termination: 'exited',
            outcome: 'success',
            exitCode: 0,
            notice: 'Monitor exited with code 0.',
            wake: true,
          });
        } else {
          publishCompletion({
            owner: action.owner,
            executionId,
            facts: facts(executionId),
            wake: true,
          });
        }
      }
      for (const owner of OWNERS) take(owner);
      expect(new Set(delivered).size).toBe(delivered.length);
      expect(heard).toEqual(published);
      expect(delivered.every((text) => published.includes(text))).toBe(true);
    },
  );
});
