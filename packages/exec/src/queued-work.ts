import type { SandboxMode } from './sandbox/decide.js';
import type { ExecutionFacts, ExecutionObservation, OwnerId, Termination } from './types.js';
import type { WaitRecord } from './wait-bounds.js';

/** A call waiting for its scheduler lane, visible as `queued` and cancellable by its owner. */
export interface QueuedWork {
  id: string;
  owner: OwnerId;
  command: string;
  tty: boolean;
  since: number;
  /** Set once cancelled: by a stop, an abort or owner teardown. */
  cancelledBy?: Termination;
  /** The terminal observation of cancelled work, identical for the caller and the stopper. */
  observation?: ExecutionObservation;
  cancel(termination: Termination): ExecutionObservation;
}

/** The facts of queued work: nothing has run yet. */
export function queuedFacts(work: QueuedWork, now: number): ExecutionFacts {
  return {
    executionId: work.id,
    command: work.command,
    state: 'queued',
    wallTimeMs: now - work.since,
    outputBytes: 0,
    outputLines: 0,
    tty: work.tty,
    timedOut: false,
    outputLimited: false,
    forcedKill: false,
  };
}

/** The terminal observation of work cancelled before it started; no process was spawned. */
export function cancelledObservation(
  work: QueuedWork,
  termination: Termination,
  now: number,
  mode: SandboxMode,
  wait: WaitRecord,
): ExecutionObservation {
  return {
    output: '',
    omittedBytes: 0,
    omittedChars: 0,
    facts: { ...queuedFacts(work, now), state: 'completed', termination, outcome: 'failure' },
    yielded: false,
    wait,
    sandbox: {
      mode,
      boundary: 'direct',
      filesystem: 'unrestricted',
      network: 'unrestricted',
      attempts: 0,
      starts: 0,
      refusals: 0,
      additionalReadMounts: 0,
      additionalWriteMounts: 0,
      protectedMasked: 0,
    },
  };
}
