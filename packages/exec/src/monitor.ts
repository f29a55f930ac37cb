import type { ShellRequest } from './bash-launch.js';
import { ExecError } from './errors.js';
import { MonitorBatcher, type MonitorClock, systemClock } from './monitor-batcher.js';
import { MonitorLineFramer } from './monitor-lines.js';
import type { MonitorMailbox } from './monitor-mailbox.js';
import { fail, type Result, succeed } from './result.js';
import type { ExecutionFacts, OwnerId, Termination } from './types.js';

/** A Monitor call: a watcher whose stdout lines become events for the root owner. */
export interface MonitorRequest extends ShellRequest {
  owner: OwnerId;
  /** Non-empty; shown on every event. */
  description: string;
  /** Default 300,000; an integer from 1,000 to 3,600,000, measured from launch. */
  timeoutMs?: number;
  /** Test hook for the batching and flood clock. */
  clock?: MonitorClock;
}

/** Monitor's timeout bounds in milliseconds. */
export const MONITOR_TIMEOUT = { defaultMs: 300_000, minMs: 1_000, maxMs: 3_600_000 } as const;

/** Checks the root owner, command, description and timeout; returns the effective timeout. */
export function validateMonitorRequest(
  request: MonitorRequest,
  rootOwner: OwnerId,
): Result<number> {
  if (request.owner !== rootOwner) {
    return fail(new ExecError('not-root-owner', `Monitor is available only to ${rootOwner}.`));
  }
  if (typeof request.command !== 'string' || request.command.trim() === '') {
    return fail(new ExecError('invalid-request', 'Monitor needs a non-empty command.'));
  }
  if (typeof request.description !== 'string' || request.description.trim() === '') {
    return fail(new ExecError('invalid-request', 'Monitor needs a non-empty description.'));
  }
  const timeoutMs = request.timeoutMs ?? MONITOR_TIMEOUT.defaultMs;
  if (
    !Number.isInteger(timeoutMs) ||
    timeoutMs < MONITOR_TIMEOUT.minMs ||
    timeoutMs > MONITOR_TIMEOUT.maxMs
  ) {
    return fail(
      new ExecError(
        'invalid-request',
        `timeout_ms must be an integer from ${MONITOR_TIMEOUT.minMs} to ${MONITOR_TIMEOUT.maxMs}, received ${String(timeoutMs)}.`,
      ),
    );
  }
  return succeed(timeoutMs);
}

/** The terminal notice for how a Monitor ended. */
export function monitorNotice(facts: ExecutionFacts, timeoutMs: number): string {
  switch (facts.termination) {
    case 'exited':
      return `Monitor exited with code ${facts.exitCode ?? 'unknown'}.`;
    case 'signaled':
      return `Monitor ended by signal ${facts.signal ?? 'unknown'}.`;
    case 'timed-out':
      return `Monitor expired after ${timeoutMs} ms; start a new Monitor to keep watching.`;
    case 'flood':
      return 'Monitor stopped: more than 100 lines in 60 seconds or 64 KiB of unread events; restart it with a tighter filter.';
    case 'stopped':
      return 'Monitor stopped.';
    default:
      return `Monitor ended (${facts.termination ?? 'unknown'}).`;
  }
}

/** The event side of one Monitor: frames stdout, batches, publishes and settles exactly once. */
export class MonitorSession {
  private readonly framer = new MonitorLineFramer();
  private readonly batcher: MonitorBatcher;
  private eventCount = 0;
  private wake = true;
  private done = false;

  constructor(
    private readonly owner: OwnerId,
    private readonly executionId: string,
    private readonly description: string,
    private readonly mailbox: MonitorMailbox,
    private readonly stop: (termination: Termination) => void,
    clock: MonitorClock = systemClock,
  ) {
    this.batcher = new MonitorBatcher(
      {
        publish: ({ lines, omitted }) => {
          this.eventCount += lines.length;
          this.mailbox.publish({
            kind: 'event',
            owner: this.owner,
            executionId: this.executionId,
            description: this.description,
            lines,
            omitted,
            wake: this.wake,
          });
        },
        unreadBytes: () => this.mailbox.unreadBytes(this.executionId),
        flood: () => this.stop('flood'),
      },
      clock,
    );
  }

  /** Receives a stdout chunk. */
  readonly onStdout = (chunk: Buffer): void => {
    this.batcher.push(this.framer.feed(chunk));
  };

  /** Publishes pending lines, then exactly one terminal record; deliberate stops do not wake. */
  settle(facts: ExecutionFacts, deliberate: boolean, timeoutMs: number): void {
    if (this.done) return;
    this.done = true;
    this.wake = !deliberate;
    this.batcher.close(this.framer.end());
    this.mailbox.publish({
      kind: 'terminal',
      owner: this.owner,
      executionId: this.executionId,
      description: this.description,
      eventCount: this.eventCount,
      termination: facts.termination ?? 'exited',
      outcome: facts.outcome ?? 'failure',
      ...(facts.exitCode === undefined ? {} : { exitCode: facts.exitCode }),
      notice: monitorNotice(facts, timeoutMs),
      wake: this.wake,
    });
  }

  /** Drops pending publication for owner teardown, without reviving a closed owner. */
  discard(): void {
    this.done = true;
    this.batcher.discard();
  }
}
