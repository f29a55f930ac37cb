import type { Execution } from './execution.js';
import type { MonitorSession } from './monitor.js';
import type { ExecutionObservation, SandboxSummary } from './types.js';
import type { WaitRecord } from './wait-bounds.js';

/** The manager's bookkeeping for one execution. */
export interface ExecutionRecord {
  execution: Execution;
  sandbox: SandboxSummary;
  terminal?: Omit<ExecutionObservation, 'wait'>;
  reading: Promise<unknown>;
  stoppedBy?: 'model' | 'user' | 'owner';
  retireTimer?: NodeJS.Timeout;
  /** Set for a Monitor: its event session and expiry timer. */
  monitor?: { session: MonitorSession; timer: NodeJS.Timeout; timeoutMs: number };
}

/** Resolves after `ms`, on settlement, or on abort, whichever comes first. */
export function waitFor(execution: Execution, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolveWait) => {
    const timer = setTimeout(done, ms);
    const onAbort = () => done();
    signal?.addEventListener('abort', onAbort, { once: true });
    void execution.settled.then(done);
    if (signal?.aborted) done();
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolveWait();
    }
  });
}

/** Reads an observation: the unread output once, then the cached terminal result. */
export async function observeRecord(
  record: ExecutionRecord,
  wait: WaitRecord,
): Promise<ExecutionObservation> {
  const next = record.reading.then(async () => {
    if (record.terminal) return { ...record.terminal, wait };
    const { execution } = record;
    const completed = execution.state === 'completed';
    const unread = await execution.readUnread();
    const observation: ExecutionObservation = {
      output: unread.text,
      omittedBytes: unread.omittedBytes,
      omittedChars: unread.omittedChars,
      facts: execution.facts(),
      yielded: !completed,
      wait,
      sandbox: record.sandbox,
    };
    if (completed) record.terminal = { ...observation, yielded: false };
    return observation;
  });
  record.reading = next.catch(() => undefined);
  return next;
}
