import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BACKGROUND_REFUSAL, findBackgroundOperator } from './background-operators.js';
import { ExecError } from './errors.js';
import { type ExecutionRecord, observeRecord, waitFor } from './execution-record.js';
import { type HelperRequest, type HelperRun, runHelper } from './helper.js';
import { type LaunchContext, type LaunchRequest, launchExecution } from './launch.js';
import { CompletionMailbox } from './mailbox.js';
import {
  type BashRequest,
  type CommandAnalysis,
  type ExecManagerOptions,
  normalizeManagerOptions,
} from './manager-options.js';
import { fail, type Result, succeed } from './result.js';
import type { WriteGrant } from './sandbox/bubblewrap-plan.js';
import { resolveEscalation } from './sandbox/escalation.js';
import type { ExecutionFacts, ExecutionObservation, OwnerId } from './types.js';
import { BASH_YIELD, INPUT_WAIT, POLL_WAIT, resolveWait } from './wait-bounds.js';

/** The managed processes of one session: Bash, polling, stopping, helpers and teardown. */
export class ExecManager {
  /** Completion records for yielded executions that ended on their own (or were stopped by the user). */
  readonly completions = new CompletionMailbox();
  private readonly records = new Map<string, ExecutionRecord>();
  private readonly retiredOwners = new Set<OwnerId>();
  private reserved = 0;
  private closed = false;
  private readonly context: LaunchContext;
  private readonly temporaryDirectory: string;
  readonly workspaceRoot: string;
  readonly maxLive: number;
  readonly retainMs: number;
  private readonly artifactDirectories: readonly string[];
  private readonly analyze: ((command: string) => CommandAnalysis) | undefined;
  private readonly exitHook = () => this.killAllNow();

  constructor(options: ExecManagerOptions) {
    const normalized = normalizeManagerOptions(options);
    this.workspaceRoot = normalized.workspaceRoot;
    this.maxLive = normalized.maxLive;
    this.retainMs = normalized.retainMs;
    this.analyze = normalized.analyze;
    this.artifactDirectories = normalized.artifactDirectories;
    this.temporaryDirectory = normalized.temporaryDirectory;
    this.context = normalized.context;
    process.once('exit', this.exitHook);
  }

  /** Live managed processes, including launches being prepared. */
  get liveCount(): number {
    return this.reserved;
  }

  /** Creates a private scratch directory under the manager's temporary directory. */
  createScratchDirectory(): string {
    return mkdtempSync(join(this.temporaryDirectory, 'scratch-'));
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
    const launched = await launchExecution(this.context, request);
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
    const { execution } = record;
    if (execution.yielded && record.stoppedBy !== 'model' && record.stoppedBy !== 'owner') {
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

  /** Runs a Bash command and waits up to its yield time; a still-running command returns its id. */
  async runBash(request: BashRequest): Promise<Result<ExecutionObservation>> {
    const wait = resolveWait(request.yieldTimeMs, BASH_YIELD);
    const background = findBackgroundOperator(request.command);
    if (background) {
      return fail(new ExecError('background-refused', `${BACKGROUND_REFUSAL}.`));
    }
    const resolved = resolveEscalation(request, request.hostDecision);
    if (!resolved.success) return resolved;
    const confinement = resolved.value;
    const identities = request.grantIdentities ?? {};
    const writableRoots: WriteGrant[] = [this.workspaceRoot, ...this.artifactDirectories];
    if (confinement.kind === 'additional') {
      for (const path of confinement.write) {
        const identity = identities[path];
        writableRoots.push(identity ? { path, identity } : path);
      }
    }
    const readOnly = this.analyze?.(request.command).readOnly === true;
    const argv = readOnly
      ? ['bash', '--noprofile', '--norc', '-p', '-c', request.command]
      : ['bash', '-lc', request.command];
    const started = await this.start({
      owner: request.owner,
      command: request.command,
      argv,
      cwd: request.cwd ? resolve(this.workspaceRoot, request.cwd) : this.workspaceRoot,
      tty: request.tty ?? false,
      confinement,
      writableRoots,
      readRoots: [],
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
    const observation = await observeRecord(record, wait);
    // A foreground result whose output fit inline needs no retained spool.
    if (!execution.yielded && observation.omittedBytes === 0) await this.retire(record);
    return succeed(observation);
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
    if (observation.facts.state === 'completed') this.completions.acknowledge(owner, executionId);
    return succeed(observation);
  }

  /** The owner's live yielded executions; finished ones never appear. */
  listExecutions({ owner }: { owner: OwnerId }): ExecutionFacts[] {
    const live: ExecutionFacts[] = [];
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
    const found = this.findOwned(owner, executionId);
    if (!found.success) return found;
    const record = found.value;
    if (record.execution.state !== 'completed') {
      record.stoppedBy ??= by;
      await record.execution.stop('stopped');
    }
    this.completions.acknowledge(owner, executionId);
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
    this.completions.discard(owner);
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
    const owners = new Set([...this.records.values()].map((record) => record.execution.owner));
    await Promise.all([...owners].map((owner) => this.teardownOwner(owner)));
    process.removeListener('exit', this.exitHook);
    rmSync(this.temporaryDirectory, { recursive: true, force: true });
  }

  private killAllNow(): void {
    for (const { execution } of this.records.values()) {
      if (execution.state !== 'completed') execution.killNow();
    }
  }
}

/** Creates the managed-process session for one workspace. */
export function createExecManager(options: ExecManagerOptions): ExecManager {
  return new ExecManager(options);
}
