import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AdmissionQueue } from './admission.js';
import type { BashAnalysis } from './bash/analysis-types.js';
import { type BashAnalyzer, createBashAnalyzer } from './bash/create-bash-analyzer.js';
import { type PreparedShell, prepareShell, type ShellRequest } from './bash-launch.js';
import { ExecError } from './errors.js';
import { type ExecutionRecord, observeRecord, waitFor } from './execution-record.js';
import { type HelperRequest, type HelperRun, runHelper } from './helper.js';
import {
  type LaunchContext,
  type Launched,
  type LaunchRequest,
  launchExecution,
} from './launch.js';
import { LaunchingChildren } from './launching.js';
import { CompletionMailbox } from './mailbox.js';
import {
  type BashRequest,
  type ExecManagerOptions,
  type NormalizedManagerOptions,
  normalizeManagerOptions,
} from './manager-options.js';
import type { MonitorRequest } from './monitor.js';
import { launchMonitor } from './monitor-launch.js';
import { MonitorMailbox } from './monitor-mailbox.js';
import { fail, type Result, succeed } from './result.js';
import { removeUnheldStubs } from './sandbox/protection-stubs.js';
import type { LaneScheduler } from './scheduler.js';
import type { ExecutionFacts, ExecutionObservation, OwnerId } from './types.js';
import { BASH_YIELD, INPUT_WAIT, POLL_WAIT, resolveWait } from './wait-bounds.js';

let sharedAnalyzer: Promise<BashAnalyzer | null> | undefined;

// Every manager not yet torn down, for hosts that stop everything from a signal handler.
const liveManagers = new Set<ExecManager>();

/**
 * Stops and kills every process of every live manager in this process, synchronously: call it
 * from SIGTERM, SIGHUP and SIGINT handlers before exiting. Process exit does the same on its own,
 * but a signal without a handler ends Node without an exit event.
 */
export function killAllManagedProcesses(): void {
  for (const manager of liveManagers) manager.killAll();
}

// The grammar is loaded once per process; a load failure leaves analysis unavailable, never fatal.
function defaultAnalyzer(): Promise<BashAnalyzer | null> {
  sharedAnalyzer ??= createBashAnalyzer().catch(() => null);
  return sharedAnalyzer;
}

/** The managed processes of one session: Bash, Monitor, polling, stopping, helpers and teardown. */
export class ExecManager {
  /** Completion records for yielded executions that ended on their own (or were stopped by the user). */
  readonly completions = new CompletionMailbox();
  /** Monitor event batches and terminal records. */
  readonly monitors = new MonitorMailbox();
  private readonly records = new Map<string, ExecutionRecord>();
  private readonly launching = new LaunchingChildren();
  private readonly admission: AdmissionQueue;
  private readonly retiredOwners = new Set<OwnerId>();
  private reserved = 0;
  private closed = false;
  private lastAnalysis: BashAnalysis | undefined;
  private readonly context: LaunchContext;
  private readonly temporaryDirectory: string;
  readonly workspaceRoot: string;
  readonly maxLive: number;
  readonly retainMs: number;
  private readonly artifactDirectories: readonly string[];
  private readonly options: NormalizedManagerOptions;
  private analyzer: Promise<BashAnalyzer | null> | undefined;
  private readonly exitHook = () => this.killAll();

  constructor(options: ExecManagerOptions) {
    const normalized = normalizeManagerOptions(options);
    this.options = normalized;
    this.workspaceRoot = normalized.workspaceRoot;
    this.maxLive = normalized.maxLive;
    this.retainMs = normalized.retainMs;
    this.artifactDirectories = normalized.artifactDirectories;
    this.temporaryDirectory = normalized.temporaryDirectory;
    this.context = normalized.context;
    this.admission = new AdmissionQueue(
      normalized.now,
      normalized.mode,
      (owner) => !this.closed && !this.retiredOwners.has(owner) && normalized.isOwnerActive(owner),
    );
    process.once('exit', this.exitHook);
    liveManagers.add(this);
  }

  /** The session's admission scheduler: read-only calls share a lane, others run alone. */
  get scheduler(): LaneScheduler {
    return this.admission.scheduler;
  }

  /** Live managed processes, including launches being prepared. */
  get liveCount(): number {
    return this.reserved;
  }

  /** Creates a private scratch directory under the manager's temporary directory. */
  createScratchDirectory(): string {
    return mkdtempSync(join(this.temporaryDirectory, 'scratch-'));
  }

  /**
   * Analyses a command with the session's analyzer; null when analysis is unavailable. The last
   * analysis is kept: a Bash call's permission step and its launch analyse the same source.
   */
  async analyze(command: string): Promise<BashAnalysis | null> {
    const configured = this.options.analyzer;
    if (configured === null) return null;
    this.analyzer ??=
      configured === undefined ? defaultAnalyzer() : Promise.resolve(configured).catch(() => null);
    const analyzer = await this.analyzer;
    if (analyzer === null) return null;
    if (this.lastAnalysis?.source !== command) this.lastAnalysis = analyzer.analyze(command);
    return this.lastAnalysis;
  }

  /** Starts an execution after the limit, owner and confinement checks. */
  async start(request: LaunchRequest): Promise<Result<ExecutionRecord>> {
    if (this.closed || this.retiredOwners.has(request.owner)) {
      return fail(
        new ExecError('owner-retired', 'The owner of this execution has been torn down.'),
      );
    }
    if (this.reserved >= this.maxLive) {
      return fail(
        new ExecError(
          'process-limit',
          `At most ${this.maxLive} managed processes may be live in one session; stop one first.`,
        ),
      );
    }
    this.reserved += 1;
    const launch = this.launching.begin();
    let launched: Result<Launched>;
    try {
      launched = await launchExecution(this.context, request, launch.track);
    } catch (error) {
      this.reserved -= 1;
      throw error;
    } finally {
      launch.finish();
    }
    if (!launched.success) {
      this.reserved -= 1;
      return launched;
    }
    const { execution, sandbox } = launched.value;
    const record: ExecutionRecord = { execution, sandbox, reading: Promise.resolve() };
    this.records.set(execution.id, record);
    void execution.settled.then(() => this.onSettled(record));
    if (this.closed || this.retiredOwners.has(request.owner)) {
      record.stoppedBy = 'owner';
      await execution.stop('owner-stopped');
    }
    return succeed(record);
  }

  private onSettled(record: ExecutionRecord): void {
    this.reserved -= 1;
    const { execution, monitor } = record;
    if (monitor) {
      clearTimeout(monitor.timer);
      if (record.stoppedBy === 'owner') monitor.session.discard();
      else {
        const deliberate = record.stoppedBy !== undefined;
        monitor.session.settle(execution.facts(), deliberate, monitor.timeoutMs);
      }
    } else if (execution.yielded && record.stoppedBy !== 'model' && record.stoppedBy !== 'owner') {
      this.completions.publish({
        owner: execution.owner,
        executionId: execution.id,
        facts: execution.facts(),
        wake: record.stoppedBy === undefined,
      });
    }
    if (record.stoppedBy === 'owner') return;
    record.retireTimer = setTimeout(() => void this.retire(record), this.retainMs);
    record.retireTimer.unref();
  }

  private async retire(record: ExecutionRecord): Promise<void> {
    clearTimeout(record.retireTimer);
    this.records.delete(record.execution.id);
    await record.execution.spool.release();
  }

  private async prepare(request: ShellRequest): Promise<Result<PreparedShell>> {
    const analysis = await this.analyze(request.command);
    return prepareShell(request, analysis, {
      workspaceRoot: this.workspaceRoot,
      artifactDirectories: this.artifactDirectories,
    });
  }

  /** Runs a Bash command and waits up to its yield time; a still-running command returns its id. */
  async runBash(request: BashRequest): Promise<Result<ExecutionObservation>> {
    const wait = resolveWait(request.yieldTimeMs, BASH_YIELD);
    const prepared = await this.prepare(request);
    if (!prepared.success) return prepared;
    const tty = request.tty ?? false;
    const admitted = await this.admission.admit(prepared.value.lane, {
      owner: request.owner,
      command: request.command,
      tty,
      wait,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    if (!admitted.success) return admitted;
    if (admitted.value.kind === 'cancelled') return succeed(admitted.value.observation);
    const { id, lease } = admitted.value;
    try {
      const started = await this.start({
        id,
        owner: request.owner,
        command: request.command,
        argv: prepared.value.argv,
        cwd: prepared.value.cwd,
        tty,
        confinement: prepared.value.confinement,
        writableRoots: prepared.value.writableRoots,
        readRoots: [],
        analysis: prepared.value.analysis,
        ...(prepared.value.hardening ? { hardening: prepared.value.hardening } : {}),
      });
      if (!started.success) return started;
      const record = started.value;
      const { execution } = record;
      await waitFor(execution, wait.effectiveMs, request.signal);
      if (request.signal?.aborted && execution.state !== 'completed') {
        record.stoppedBy = 'model';
        await execution.stop('aborted');
      }
      // An exited child still draining its group settles instead of yielding a stale handle.
      if (execution.exit !== undefined) await execution.settled;
      if (execution.state !== 'completed') execution.yielded = true;
      else if (execution.launchFailure) {
        await this.retire(record);
        return fail(execution.launchFailure);
      }
      const observation = await observeRecord(record, wait);
      // A foreground result whose output fit inline needs no retained spool.
      if (!execution.yielded && observation.omittedBytes === 0) await this.retire(record);
      return succeed(observation);
    } finally {
      // A settled, aborted or yielded command no longer blocks later admission.
      lease.release();
    }
  }

  /**
   * Starts a Monitor for the root owner: it yields at once with facts (no stdout), and its
   * stdout lines arrive as batched events in `monitors` until exactly one terminal record.
   */
  startMonitor(request: MonitorRequest): Promise<Result<ExecutionObservation>> {
    return launchMonitor(
      {
        rootOwner: this.options.rootOwner,
        mailbox: this.monitors,
        prepare: (shell) => this.prepare(shell),
        admit: (lane, work) => this.admission.admit(lane, work),
        start: (launch) => this.start(launch),
      },
      request,
    );
  }

  private findOwned(owner: OwnerId, executionId: string): Result<ExecutionRecord> {
    const record = this.records.get(executionId);
    if (!record || record.execution.owner !== owner || !record.execution.yielded) {
      return fail(new ExecError('not-found', `Unknown execution id: ${executionId}`));
    }
    return succeed(record);
  }

  /** Polls, interrupts or writes terminal input to one of the owner's yielded executions. */
  async writeStdin({
    owner,
    executionId,
    chars = '',
    yieldTimeMs,
  }: {
    owner: OwnerId;
    executionId: string;
    chars?: string;
    yieldTimeMs?: number;
  }): Promise<Result<ExecutionObservation>> {
    const found = this.findOwned(owner, executionId);
    if (!found.success) return found;
    const record = found.value;
    const { execution } = record;
    const isPoll = chars === '';
    const wait = resolveWait(yieldTimeMs, isPoll ? POLL_WAIT : INPUT_WAIT);
    if (!isPoll && execution.state !== 'completed') {
      if (chars === '\u0003') await execution.interrupt();
      else if (!execution.tty) {
        return fail(
          new ExecError(
            'input-refused',
            'This execution has no terminal: stdin is closed in pipe mode. Start it with tty=true to send input; Ctrl-C (\\u0003) still interrupts.',
          ),
        );
      } else await execution.write(chars);
    }
    if (execution.state !== 'completed') await waitFor(execution, wait.effectiveMs);
    const observation = await observeRecord(record, wait);
    if (observation.facts.state === 'completed') this.acknowledge(owner, executionId);
    return succeed(observation);
  }

  private acknowledge(owner: OwnerId, executionId: string): void {
    this.completions.acknowledge(owner, executionId);
    this.monitors.acknowledge(owner, executionId);
  }

  /** The owner's queued work and live yielded executions (Monitors included); finished ones never appear. */
  listExecutions({ owner }: { owner: OwnerId }): ExecutionFacts[] {
    const live: ExecutionFacts[] = [];
    live.push(...this.admission.list(owner));
    for (const { execution } of this.records.values()) {
      if (execution.owner === owner && execution.yielded && execution.state !== 'completed') {
        live.push(execution.facts());
      }
    }
    return live;
  }

  /** Stops one of the owner's yielded executions; `by: 'user'` queues a non-waking completion. */
  async stopExecution({
    owner,
    executionId,
    by = 'model',
  }: {
    owner: OwnerId;
    executionId: string;
    by?: 'model' | 'user';
  }): Promise<Result<ExecutionObservation>> {
    const cancelled = this.admission.cancel(owner, executionId, 'stopped');
    if (cancelled) return succeed(cancelled);
    const found = this.findOwned(owner, executionId);
    if (!found.success) return found;
    const record = found.value;
    if (record.execution.state !== 'completed') {
      record.stoppedBy ??= by;
      await record.execution.stop('stopped');
    }
    this.acknowledge(owner, executionId);
    return succeed(await observeRecord(record, { requestedMs: undefined, effectiveMs: 0 }));
  }

  /** Runs a one-shot helper in a private scratch directory; returns its settlement and a cancel function. */
  runHelper(request: HelperRequest): HelperRun {
    return runHelper(this, request);
  }

  /** Calls `listener` when one of the owner's executions writes output or changes state (for progress views). */
  watch(owner: OwnerId, executionId: string, listener: () => void): () => void {
    const record = this.records.get(executionId);
    if (record?.execution.owner !== owner) return () => undefined;
    return record.execution.onChange(listener);
  }

  /** The process group of one of the owner's executions, for diagnostics and /ps-style views. */
  processGroupOf(owner: OwnerId, executionId: string): number | undefined {
    const record = this.records.get(executionId);
    return record?.execution.owner === owner ? record.execution.groupId : undefined;
  }

  /** Reads bytes of a retained execution's complete spool (for persisting oversized output). */
  async readOutput({
    owner,
    executionId,
    start = 0,
    end,
  }: {
    owner: OwnerId;
    executionId: string;
    start?: number;
    end?: number;
  }): Promise<Result<Buffer>> {
    const record = this.records.get(executionId);
    if (!record || record.execution.owner !== owner) {
      return fail(new ExecError('not-found', `Unknown execution id: ${executionId}`));
    }
    return succeed(await record.execution.spool.read(start, end));
  }

  /** Kills exactly the owner's children, releases their spools and retires the owner. */
  async teardownOwner(owner: OwnerId): Promise<void> {
    this.retiredOwners.add(owner);
    this.admission.cancelOwner(owner);
    this.completions.discard(owner);
    this.monitors.discard(owner);
    const owned = [...this.records.values()].filter((record) => record.execution.owner === owner);
    await Promise.all(
      owned.map(async (record) => {
        record.stoppedBy ??= 'owner';
        await record.execution.stop('owner-stopped');
        await this.retire(record);
      }),
    );
  }

  /** Tears down every owner, then removes the private spool and scratch directory. */
  async teardown(): Promise<void> {
    this.closed = true;
    const owners = new Set([
      ...[...this.records.values()].map((record) => record.execution.owner),
      ...this.admission.owners(),
    ]);
    await Promise.all([...owners].map((owner) => this.teardownOwner(owner)));
    await this.context.launchers?.close();
    removeUnheldStubs();
    process.removeListener('exit', this.exitHook);
    liveManagers.delete(this);
    rmSync(this.temporaryDirectory, { recursive: true, force: true });
  }

  /**
   * Stops and kills every process this manager started, launches in progress included,
   * synchronously (for signal handlers and process exit). Executions then settle as they end;
   * later starts are refused.
   */
  killAll(): void {
    this.closed = true;
    void this.context.launchers?.close();
    this.launching.killAllNow();
    for (const { execution } of this.records.values()) {
      if (execution.state !== 'completed') execution.killNow();
    }
  }
}

/** Creates the managed-process session for one workspace. */
export function createExecManager(options: ExecManagerOptions): ExecManager {
  return new ExecManager(options);
}
