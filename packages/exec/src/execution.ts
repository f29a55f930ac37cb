import type { ExecError } from './errors.js';
import { type ExitFacts, type ExitObserver, plainExitFacts } from './exit-observer.js';
import { readOutputRange } from './read-output.js';
import { bubblewrapSetupFailure } from './sandbox/bubblewrap-status.js';
import type { ChildExit, ChildHandle } from './spawn-child.js';
import type { Spool } from './spool.js';
import {
  foreignDescendantGroups,
  isScopePopulated,
  killScopeNow,
  signalScope,
  terminateScope,
} from './terminate.js';
import type { ExecutionFacts, ExecutionState, OwnerId, Termination } from './types.js';

/** Newly unread output of an execution. */
export interface UnreadOutput {
  text: string;
  omittedBytes: number;
  omittedChars: number;
}

const HIGH_WATER_BYTES = 4 * 1024 * 1024;
// Bubblewrap's own report is a line or two; only the head of the output is searched for it.
const LAUNCHER_REASON_BYTES = 64 * 1024;

/** Optional per-launch hooks: the exit observer and a stdout-only listener attached before any output flows. */
export interface ExecutionHooks {
  observer?: ExitObserver;
  onStdout?: (chunk: Buffer) => void;
}

/** One managed process from spawn to settlement: spool, stop, drain and facts. */
export class Execution {
  state: ExecutionState = 'running';
  /** Whether a caller got its id back because it outlived a wait. */
  yielded = false;
  exit: ChildExit | undefined;
  forcedKill = false;
  endedAt: number | undefined;
  /** Set at settlement when the confined launcher failed before the command ran. */
  launchFailure: ExecError | undefined;
  readonly settled: Promise<void>;
  private stopReason: Termination | undefined;
  private terminating: Promise<void> | undefined;
  private cursor = 0;
  private resolveSettled!: () => void;
  private readonly changeListeners = new Set<() => void>();
  private exitFacts: ExitFacts | undefined;

  constructor(
    readonly id: string,
    readonly owner: OwnerId,
    readonly command: string,
    readonly confined: boolean,
    readonly startedAt: number,
    private readonly child: ChildHandle,
    readonly spool: Spool,
    private readonly graceMs: number,
    private readonly now: () => number,
    private readonly hooks: ExecutionHooks = {},
  ) {
    this.settled = new Promise((resolve) => {
      this.resolveSettled = resolve;
    });
    this.run().catch(() => undefined);
  }

  /** The process group created at spawn. */
  get groupId(): number {
    return this.child.scope.groupId;
  }

  get tty(): boolean {
    return this.child.tty;
  }

  private async run(): Promise<void> {
    const { child, spool } = this;
    spool.onDrain(() => child.resume());
    if (this.hooks.onStdout) child.onStdout(this.hooks.onStdout);
    child.onData((chunk) => {
      void spool.append(chunk).then((outcome) => {
        if (outcome === 'limit') void this.stop('output-limit');
        else if (outcome === 'failed') void this.stop('output-write-failed');
        this.notify();
      });
      if (spool.pendingBytes > HIGH_WATER_BYTES) child.pause();
    });
    try {
      this.exit = await child.exited;
      if (this.terminating) await this.terminating;
      // A confined call's sandbox init is still exiting when bwrap's outer process has gone: one
      // turn of the event loop usually sees it leave, which saves a freeze and a signal round.
      else if (isScopePopulated(child.scope) && (await nextTurn(), isScopePopulated(child.scope))) {
        this.state = 'stopping';
        const report = await terminateScope(child.scope, this.graceMs);
        this.forcedKill ||= report.escalated;
      }
      await child.finishOutput(this.graceMs);
      spool.close();
      await spool.flushed();
      this.launchFailure = await this.judgeLauncher();
    } finally {
      // Settlement must happen exactly once even if draining failed, or owners would wait forever.
      this.endedAt = this.now();
      this.exitFacts = this.classifyExit();
      this.state = 'completed';
      this.resolveSettled();
      this.notify();
    }
  }

  // Only a launcher that ended on its own is judged; one the manager stopped keeps its reason.
  private async judgeLauncher(): Promise<ExecError | undefined> {
    const status = this.child.launcherStatus?.();
    // An unfinished status is no evidence either way; the exit stands.
    if (status === undefined || this.stopReason !== undefined) return undefined;
    const head = await this.spool
      .read(0, Math.min(this.spool.bytes, LAUNCHER_REASON_BYTES))
      .catch(() => Buffer.alloc(0));
    return bubblewrapSetupFailure(this.exit, status, head.toString('utf8'));
  }

  private classifyExit(): ExitFacts {
    if (this.launchFailure) return { outcome: 'failure' };
    const termination = this.stopReason ?? (this.exit?.signal ? 'signaled' : 'exited');
    const code = this.exit?.code ?? null;
    try {
      return (
        this.hooks.observer?.classify(termination, code, this.child.statusText()) ??
        plainExitFacts(termination, code)
      );
    } catch {
      // Classification is observation only; a fault must never block settlement.
      return plainExitFacts(termination, code);
    }
  }

  /** Stops the whole group (TERM, then KILL after the grace interval) and waits for settlement. */
  stop(reason: Termination): Promise<void> {
    if (this.state === 'completed') return this.settled;
    this.stopReason ??= reason;
    if (this.terminating === undefined) {
      this.state = 'stopping';
      this.terminating = terminateScope(this.child.scope, this.graceMs).then((report) => {
        this.forcedKill ||= report.escalated;
      });
    }
    return this.settled;
  }

  /** Stops and kills the whole scope synchronously, for process exit. */
  killNow(): void {
    killScopeNow(this.child.scope);
  }

  /** Delivers Ctrl-C: through the terminal, or SIGINT to the foreground group across Bubblewrap. */
  async interrupt(): Promise<void> {
    if (this.state === 'completed') return;
    if (this.confined) {
      const groups = foreignDescendantGroups(this.child.scope);
      for (const group of groups) {
        try {
          process.kill(-group, 'SIGINT');
        } catch {
          // Already gone.
        }
      }
      if (groups.length > 0) return;
    }
    if (this.child.tty) await this.child.write('\u0003');
    else signalScope(this.child.scope, 'SIGINT');
  }

  /** Writes terminal input; callers check `tty` first. */
  write(text: string): Promise<void> {
    return this.child.write(text);
  }

  /** Calls `listener` on new output or a state change; returns an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.changeListeners) listener();
  }

  /** The termination reason as settled so far. */
  get termination(): Termination | undefined {
    if (this.stopReason) return this.stopReason;
    if (this.state !== 'completed' || this.exit === undefined) return undefined;
    if (this.launchFailure) return 'sandbox-failed';
    return this.exit.signal ? 'signaled' : 'exited';
  }

  /** A snapshot of the execution's structured facts. */
  facts(): ExecutionFacts {
    const termination = this.termination;
    const facts: ExecutionFacts = {
      executionId: this.id,
      command: this.command,
      state: this.state,
      wallTimeMs: (this.endedAt ?? this.now()) - this.startedAt,
      outputBytes: this.spool.bytes,
      outputLines: this.spool.lines,
      tty: this.child.tty,
      timedOut: termination === 'timed-out',
      outputLimited: termination === 'output-limit',
      forcedKill: this.forcedKill,
    };
    if (this.state !== 'completed') return facts;
    if (termination) facts.termination = termination;
    // Bubblewrap's own exit code is not the command's: a launch failure reports none.
    const code = this.launchFailure ? null : (this.exit?.code ?? null);
    if (code !== null) facts.exitCode = code;
    if (this.exit?.signal) facts.signal = this.exit.signal;
    Object.assign(facts, this.exitFacts ?? plainExitFacts(termination, this.exit?.code ?? null));
    return facts;
  }

  /** Returns output written since the previous call and advances the one private cursor. */
  async readUnread(): Promise<UnreadOutput> {
    const final = this.state === 'completed';
    const range = await readOutputRange(this.spool, {
      start: this.cursor,
      end: this.spool.bytes,
      final,
    });
    this.cursor = range.end;
    return { text: range.text, omittedBytes: range.omittedBytes, omittedChars: range.omittedChars };
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
