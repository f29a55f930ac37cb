/** The lifecycle state of an execution. */
export type ExecutionState = 'queued' | 'running' | 'stopping' | 'completed';

/** How an execution ended. */
export type Termination =
  | 'exited'
  | 'signaled'
  | 'timed-out'
  | 'output-limit'
  | 'stopped'
  | 'owner-stopped'
  | 'aborted'
  | 'spawn-failed'
  | 'sandbox-failed'
  | 'output-write-failed'
  | 'flood';

/** The derived outcome of a finished execution (§7); the raw exit code is kept separately. */
export type Outcome = 'success' | 'no-match' | 'different' | 'false' | 'failure';

/** The structured facts of one execution, live or terminal. */
export interface ExecutionFacts {
  executionId: string;
  command: string;
  state: ExecutionState;
  termination?: Termination;
  exitCode?: number;
  signal?: string;
  outcome?: Outcome;
  /** Each stage's exit code of the final pipeline, when its PIPESTATUS snapshot was taken. */
  pipelineExitCodes?: readonly number[];
  /** One-based stages that genuinely failed, when the final pipeline was classified. */
  pipelineFailedStages?: readonly number[];
  /** `classified`, or `unavailable` when the source has a pipeline that could not be judged. */
  pipelineClassification?: 'classified' | 'unavailable';
  /** A short line naming failed stages, such as `Pipeline stage 2 failed.` */
  pipelineSummary?: string;
  wallTimeMs: number;
  outputBytes: number;
  outputLines: number;
  tty: boolean;
  timedOut: boolean;
  outputLimited: boolean;
  /** Whether the cleanup needed KILL after TERM and the grace interval. */
  forcedKill: boolean;
}

/** Who started an execution; only the same owner may observe or stop it. */
export type OwnerId = string;

/** A model-hidden account of confinement for one settlement: counts and boundary names only. */
export interface SandboxSummary {
  mode: 'off' | 'best-effort' | 'required';
  /** `bubblewrap` when confined, `direct` when run without confinement. */
  boundary: 'bubblewrap' | 'direct';
  /** Why it ran directly, as a boundary name: `disabled`, `unavailable` or `escalated`. */
  directReason?: 'disabled' | 'unavailable' | 'escalated';
  filesystem: 'workspace-write' | 'unrestricted';
  network: 'none' | 'granted' | 'unrestricted';
  attempts: number;
  starts: number;
  refusals: number;
  additionalReadMounts: number;
  additionalWriteMounts: number;
  protectedMasked: number;
}

/** What one observation of an execution returns. */
export interface ExecutionObservation {
  /** Newly unread output, previewed when over 2,000 characters. */
  output: string;
  omittedBytes: number;
  omittedChars: number;
  facts: ExecutionFacts;
  /** True when the execution kept running past the wait and has a pollable id. */
  yielded: boolean;
  /** The wait as requested and as applied. */
  wait: { requestedMs: number | undefined; effectiveMs: number; note?: string };
  /** Model-hidden confinement disclosure. */
  sandbox: SandboxSummary;
}

/** One completion record for an owner: a yielded execution that ended on its own. */
export interface CompletionRecord {
  owner: OwnerId;
  executionId: string;
  facts: ExecutionFacts;
  /** True when the process ended by itself; user stops are queued without waking. */
  wake: boolean;
}
