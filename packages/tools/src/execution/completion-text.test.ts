import type { CompletionRecord } from '@toolcall/exec';
import { describe, expect, it } from 'vitest';
import { formatCompletionRecord } from './completion-text.js';
import { createHarness, executionIdOf, stable } from './testing/harness.js';

describe('formatCompletionRecord', () => {
  it('returns one EXECUTION text when a yielded command ends on its own', async () => {
    const { call, manager } = createHarness();
    const completed = new Promise<CompletionRecord>((resolve) => {
      const stop = manager.completions.subscribe((record) => {
        stop();
        resolve(record);
      });
    });
    const started = await call('Bash', {
      command: 'sleep 0.5; exit 3',
      description: 'late',
      yield_time_ms: 250,
    });
    const id = executionIdOf(started.result);
    const record = await completed;
    expect([record.executionId, record.wake, stable(formatCompletionRecord(record))]).toEqual([
      id,
      true,
      '<EXECUTION execution_id="ID" command="sleep 0.5; exit 3" state="completed" termination="exited" exit_code="3" outcome="failure" wall_time_seconds="T" output_bytes="0">The yielded command ended. Read its unread output with WriteStdin(execution_id="ID") within 60 seconds.</EXECUTION>',
    ]);
  });
});
