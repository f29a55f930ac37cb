import type { Admission, AdmissionWork } from './admission.js';
import type { PreparedShell, ShellRequest } from './bash-launch.js';
import type { ExecutionRecord } from './execution-record.js';
import type { LaunchRequest } from './launch.js';
import { type MonitorRequest, MonitorSession, validateMonitorRequest } from './monitor.js';
import type { MonitorMailbox } from './monitor-mailbox.js';
import { type Result, succeed } from './result.js';
import type { Lane } from './scheduler.js';
import type { ExecutionObservation, OwnerId, Termination } from './types.js';
import type { WaitRecord } from './wait-bounds.js';

/** The manager services a Monitor launch uses. */
export interface MonitorHost {
  rootOwner: OwnerId;
  mailbox: MonitorMailbox;
  prepare(request: ShellRequest): Promise<Result<PreparedShell>>;
  admit(lane: Lane, work: AdmissionWork): Promise<Result<Admission>>;
  start(request: LaunchRequest): Promise<Result<ExecutionRecord>>;
}

/** Validates, admits and launches a Monitor, then yields at once with its facts (never stdout). */
export async function launchMonitor(
  host: MonitorHost,
  request: MonitorRequest,
): Promise<Result<ExecutionObservation>> {
  const valid = validateMonitorRequest(request, host.rootOwner);
  if (!valid.success) return valid;
  const timeoutMs = valid.value;
  const wait: WaitRecord = { requestedMs: undefined, effectiveMs: 0 };
  const prepared = await host.prepare(request);
  if (!prepared.success) return prepared;
  const admitted = await host.admit(prepared.value.lane, {
    owner: request.owner,
    command: request.command,
    tty: false,
    wait,
  });
  if (!admitted.success) return admitted;
  if (admitted.value.kind === 'cancelled') return succeed(admitted.value.observation);
  const { id, lease } = admitted.value;
  let record: ExecutionRecord | undefined;
  // A flood seen before the launch returned is applied as soon as the record exists.
  let earlyStop: Termination | undefined;
  const session = new MonitorSession(
    request.owner,
    id,
    request.description,
    host.mailbox,
    (termination) => {
      if (record) void record.execution.stop(termination);
      else earlyStop ??= termination;
    },
    request.clock,
  );
  const started = await host.start({
    id,
    owner: request.owner,
    command: request.command,
    argv: prepared.value.argv,
    cwd: prepared.value.cwd,
    tty: false,
    confinement: prepared.value.confinement,
    writableRoots: prepared.value.writableRoots,
    readRoots: [],
    analysis: prepared.value.analysis,
    ...(prepared.value.hardening ? { hardening: prepared.value.hardening } : {}),
    onStdout: session.onStdout,
  });
  // Monitor yields at once, so it never holds its lane past launch.
  lease.release();
  if (!started.success) {
    session.discard();
    return started;
  }
  record = started.value;
  const { execution } = record;
  execution.yielded = true;
  const timer = setTimeout(() => void execution.stop('timed-out'), timeoutMs);
  timer.unref();
  record.monitor = { session, timer, timeoutMs };
  if (earlyStop) void execution.stop(earlyStop);
  if (execution.state === 'completed') {
    clearTimeout(timer);
    session.settle(execution.facts(), false, timeoutMs);
  }
  return succeed({
    output: '',
    omittedBytes: 0,
    omittedChars: 0,
    facts: execution.facts(),
    yielded: true,
    wait,
    sandbox: record.sandbox,
  });
}
