import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BACKGROUND_REFUSAL, findBackgroundOperator } from './background-operators.js';
import type { EnvironmentPolicy } from './environment.js';
import { ExecError } from './errors.js';
import type { Execution } from './execution.js';
import { type HelperRequest, type HelperRun, runHelper } from './helper.js';
import { type LaunchContext, type LaunchRequest, launchExecution } from './launch.js';
import { CompletionMailbox } from './mailbox.js';
import { fail, type Result, succeed } from './result.js';
import type { PathIdentity, WriteGrant } from './sandbox/bubblewrap-plan.js';
import type { SandboxMode } from './sandbox/decide.js';
import {
  type EscalationRequest,
  type HostDecision,
  resolveEscalation,
} from './sandbox/escalation.js';
import { createProbeCache } from './sandbox/probe.js';
import { defaultProtectedPaths } from './sandbox/protected-paths.js';
import type { PtyBackend } from './spawn-child.js';
import { SPOOL_LIMIT_BYTES } from './spool.js';
import type { ExecutionFacts, ExecutionObservation, OwnerId, SandboxSummary } from './types.js';
import { BASH_YIELD, INPUT_WAIT, POLL_WAIT, resolveWait, type WaitRecord } from './wait-bounds.js';

/** What the Bash analyzer hook reports about a command. */
export interface CommandAnalysis {
  readOnly: boolean;
}

/** Options of one managed session; every field has a default except the workspace. */
export interface ExecManagerOptions {
  /** The session's working directory, writable inside confinement. */
  workspaceRoot: string;
  sandbox?: SandboxMode;
  maxLive?: number;
  graceMs?: number;
  retainMs?: number;
  spoolLimitBytes?: number;
  environment?: EnvironmentPolicy;
  hostEnvironment?: Readonly<Record<string, string | undefined>>;
  /** Replaces the default protected paths (~/.ssh, ~/.gnupg, ~/.aws, .git/hooks, session store). */
  protectedPaths?: readonly string[];
  /** The session store, protected from confined children. */
  sessionStore?: string;
  /** Extra writable artifact directories. */
  artifactDirectories?: readonly string[];
  /** The Bash analyzer hook; read-only commands skip login startup files. */
  analyze?: (command: string) => CommandAnalysis;
  now?: () => number;
  /** Where the private spool and scratch directory is created. */
  temporaryRoot?: string;
  /** The pseudo-terminal backend; `auto` prefers util-linux script, which never loses a fast exit's tail. */
  ptyBackend?: PtyBackend;
  /** Test hook: a pre-existing file to use as an execution's spool (never deleted). */
  spoolPath?: (executionId: string) => string;
}

/** A managed Bash call. */
export interface BashRequest extends EscalationRequest {
  owner: OwnerId;
  command: string;
  cwd?: string;
  yieldTimeMs?: number;
  tty?: boolean;
  /** The host's permission decision for a non-default escalation request. */
  hostDecision?: HostDecision;
  /** Aborts a foreground wait; a yielded execution is detached from it. */
  signal?: AbortSignal;
  /** Identities of granted write paths seen at the permission check; a swapped path is refused. */
  grantIdentities?: Readonly<Record<string, PathIdentity>>;
}

interface ExecutionRecord {
  execution: Execution;
  sandbox: SandboxSummary;
  terminal?: Omit<ExecutionObservation, 'wait'>;
  reading: Promise<unknown>;
  stoppedBy?: 'model' | 'user' | 'owner';
  retireTimer?: NodeJS.Timeout;
}

// Probes are cached per execution target (and PATH), shared by every manager in the process.
const sharedProbeCache = createProbeCache();

function waitFor(execution: Execution, ms: number, signal?: AbortSignal): Promise<void> {
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
    const normalized = Object.assign(Object.create(null), options) as ExecManagerOptions;
    if (typeof normalized.workspaceRoot !== 'string') {
      throw new TypeError(
        `workspaceRoot must be a directory path string, received ${String(normalized.workspaceRoot)}`,
      );
    }
    const mode = normalized.sandbox ?? 'best-effort';
    if (!['off', 'best-effort', 'required'].includes(mode)) {
      throw new TypeError(`sandbox must be 'off', 'best-effort' or 'required', received ${mode}`);
    }
    this.workspaceRoot = realpathSync(resolve(normalized.workspaceRoot));
    this.maxLive = normalized.maxLive ?? 64;
    this.retainMs = normalized.retainMs ?? 60_000;
    this.analyze = normalized.analyze;
    this.artifactDirectories = (normalized.artifactDirectories ?? []).map((path) => resolve(path));
    const host = normalized.hostEnvironment ?? process.env;
    this.temporaryDirectory = mkdtempSync(
      join(realpathSync(normalized.temporaryRoot ?? tmpdir()), 'toolcall-exec-'),
    );
    this.context = {
      mode,
      probe: () => sharedProbeCache('local', host.PATH),
      hostEnvironment: host,
      environment: normalized.environment ?? {},
      protectedPaths:
        normalized.protectedPaths ??
        defaultProtectedPaths({
          home: host.HOME ?? homedir(),
          workspaceRoot: this.workspaceRoot,
          ...(normalized.sessionStore ? { sessionStore: normalized.sessionStore } : {}),
        }),
      spoolDirectory: this.temporaryDirectory,
      spoolLimitBytes: normalized.spoolLimitBytes ?? SPOOL_LIMIT_BYTES,
      spoolPath: normalized.spoolPath,
      graceMs: normalized.graceMs ?? 2_000,
      now: normalized.now ?? Date.now,
      ptyBackend: normalized.ptyBackend ?? 'auto',
    };
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

  /** Reads an observation: the unread output once, then the cached terminal result. */
  async observe(record: ExecutionRecord, wait: WaitRecord): Promise<ExecutionObservation> {
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
    const observation = await this.observe(record, wait);
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
    return succeed(await this.observe(record, wait));
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
    return succeed(await this.observe(record, { requestedMs: undefined, effectiveMs: 0 }));
  }

  /** Runs a one-shot helper in a private scratch directory; returns its settlement and a cancel function. */
  runHelper(request: HelperRequest): HelperRun {
    return runHelper(this, request);
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
