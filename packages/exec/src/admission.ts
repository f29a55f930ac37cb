import { ExecError } from './errors.js';
import { createExecutionId } from './launch.js';
import { cancelledObservation, type QueuedWork, queuedFacts } from './queued-work.js';
import { fail, type Result, succeed } from './result.js';
import type { SandboxMode } from './sandbox/decide.js';
import { type Lane, LaneScheduler, type Lease } from './scheduler.js';
import type { ExecutionFacts, ExecutionObservation, OwnerId, Termination } from './types.js';
import type { WaitRecord } from './wait-bounds.js';

/** The result of admission: a lane and a fresh id, or the observation of work cancelled while queued. */
export type Admission =
  | { kind: 'admitted'; id: string; lease: Lease }
  | { kind: 'cancelled'; observation: ExecutionObservation };

/** The call waiting for admission. */
export interface AdmissionWork {
  owner: OwnerId;
  command: string;
  tty: boolean;
  wait: WaitRecord;
  signal?: AbortSignal;
}

/** FIFO admission over the session's lanes, with the queued work listed, cancellable and re-checked. */
export class AdmissionQueue {
  /** The session's lanes: read-only calls share one, others run alone. */
  readonly scheduler = new LaneScheduler();
  private readonly queued = new Map<string, QueuedWork>();

  constructor(
    private readonly now: () => number,
    private readonly mode: SandboxMode,
    /** Re-checked once the lane is granted; false settles the work without spawning. */
    private readonly mayStart: (owner: OwnerId) => boolean,
  ) {}

  /** Waits for `lane` while listed as `queued`, then re-checks the owner. */
  async admit(lane: Lane, work: AdmissionWork): Promise<Result<Admission>> {
    const id = createExecutionId();
    const ticket = this.scheduler.acquire(lane);
    let entry: QueuedWork | undefined;
    if (!ticket.immediate) {
      const queued: QueuedWork = {
        id,
        owner: work.owner,
        command: work.command,
        tty: work.tty,
        since: this.now(),
        cancel: (termination) => {
          queued.cancelledBy ??= termination;
          queued.observation ??= cancelledObservation(
            queued,
            queued.cancelledBy,
            this.now(),
            this.mode,
            work.wait,
          );
          ticket.cancel();
          return queued.observation;
        },
      };
      entry = queued;
      this.queued.set(id, queued);
    }
    const onAbort = () => entry?.cancel('aborted');
    work.signal?.addEventListener('abort', onAbort, { once: true });
    if (work.signal?.aborted) onAbort();
    const lease = await ticket.lease;
    work.signal?.removeEventListener('abort', onAbort);
    this.queued.delete(id);
    // A cancel that raced the grant still wins: the lane is handed straight back.
    if (entry?.observation) {
      lease?.release();
      return succeed({ kind: 'cancelled', observation: entry.observation });
    }
    if (lease === null) throw new Error('A lane was refused without a cancellation.');
    if (!this.mayStart(work.owner)) {
      lease.release();
      return fail(
        new ExecError('owner-retired', 'The owner of this execution is no longer active.'),
      );
    }
    return succeed({ kind: 'admitted', id, lease });
  }

  /** The owner's queued work as facts with `state: 'queued'`. */
  list(owner: OwnerId): ExecutionFacts[] {
    return [...this.queued.values()]
      .filter((work) => work.owner === owner && !work.observation)
      .map((work) => queuedFacts(work, this.now()));
  }

  /** Cancels one of the owner's queued calls; undefined when the id is not queued for that owner. */
  cancel(
    owner: OwnerId,
    executionId: string,
    termination: Termination,
  ): ExecutionObservation | undefined {
    const work = this.queued.get(executionId);
    return work?.owner === owner ? work.cancel(termination) : undefined;
  }

  /** Cancels every queued call of the owner (teardown). */
  cancelOwner(owner: OwnerId): void {
    for (const work of this.queued.values()) {
      if (work.owner === owner) work.cancel('owner-stopped');
    }
  }

  /** Owners with queued work. */
  owners(): OwnerId[] {
    return [...this.queued.values()].map((work) => work.owner);
  }
}
