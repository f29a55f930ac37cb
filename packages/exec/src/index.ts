export {
  BACKGROUND_REFUSAL,
  type BackgroundOperator,
  findBackgroundOperator,
} from './background-operators.js';
export {
  type BashAnalysis,
  type BashAnalyzer,
  type BashBackgroundUse,
  type BashClassification,
  type BashCommandSegment,
  type BashCompound,
  type BashExitFacts,
  type BashExitInput,
  type BashExpansion,
  type BashExpansionKind,
  type BashOutcome,
  type BashPipeline,
  type BashPipelinePlan,
  type BashPipelineStage,
  type BashRedirection,
  type BashRedirectionKind,
  type BashSimpleCommand,
  type BashSubstitution,
  type BashWord,
  classifyBashExit,
  classifyPipeline,
  createBashAnalyzer,
  createPipelineSnapshotSuffix,
  type ExitOneOutcome,
  grammarFile,
  type PipelineClassification,
  type PipelineSnapshot,
  type PipelineSnapshotOptions,
  type PipelineSnapshotTarget,
  parsePipelineSnapshot,
} from './bash/index.js';
export { type PreparedShell, type ShellRequest, usesBackground } from './bash-launch.js';
export {
  type EnvelopeOptions,
  type ExecutionRenderData,
  escapeAttribute,
  formatBashResult,
  formatExecFailure,
  formatExecutionList,
  formatExecutionTag,
  formatStopResult,
  formatWriteStdinResult,
  NO_YIELDED_EXECUTIONS,
  observationStatus,
  type ToolEnvelope,
} from './envelope.js';
export {
  buildChildEnvironment,
  CORE_ENVIRONMENT_NAMES,
  defaultChildVariables,
  type EnvironmentInherit,
  type EnvironmentPolicy,
  isSecretVariable,
  NEVER_INHERITED_NAMES,
  SECRET_NAME_EXCEPTIONS,
  SECRET_NAME_PATTERNS,
} from './environment.js';
export { ExecError, type ExecErrorCode } from './errors.js';
export type { ExitFacts } from './exit-observer.js';
export { type HelperRequest, type HelperResult, type HelperRun, runHelper } from './helper.js';
export { CompletionMailbox } from './mailbox.js';
export { createExecManager, ExecManager, killAllManagedProcesses } from './manager.js';
export type { BashRequest, ExecManagerOptions } from './manager-options.js';
export {
  MONITOR_TIMEOUT,
  type MonitorRequest,
  MonitorSession,
  monitorNotice,
  validateMonitorRequest,
} from './monitor.js';
export {
  MONITOR_LIMITS,
  type MonitorBatch,
  MonitorBatcher,
  type MonitorBatcherHooks,
  type MonitorClock,
  systemClock,
} from './monitor-batcher.js';
export { MONITOR_LINE_LIMIT, type MonitorLine, MonitorLineFramer } from './monitor-lines.js';
export {
  type MonitorEventRecord,
  MonitorMailbox,
  type MonitorRecord,
  type MonitorTerminalRecord,
} from './monitor-mailbox.js';
export { joinPreview, PREVIEW_LIMIT, type Preview, previewText } from './preview.js';
export { PROCESS_LIMIT } from './process-cgroup.js';
export type { Result } from './result.js';
export {
  capturePathIdentity,
  type PathIdentity,
  type WriteGrant,
} from './sandbox/bubblewrap-plan.js';
export type { SandboxMode } from './sandbox/decide.js';
export {
  type AdditionalPermissions,
  type EscalationRequest,
  type HostDecision,
  type ResolvedConfinement,
  resolveEscalation,
  type SandboxPermissions,
} from './sandbox/escalation.js';
export { probeBubblewrap, type SandboxProbe } from './sandbox/probe.js';
export { defaultProtectedPaths } from './sandbox/protected-paths.js';
export {
  buildSeccompFilter,
  SECCOMP_ARCHITECTURES,
  type SeccompArchitecture,
} from './sandbox/seccomp.js';
export {
  isProtectedPath,
  PROTECTED_WORKSPACE_PATHS,
  protectedWorkspacePaths,
  type WorkspaceProtectionOptions,
} from './sandbox/workspace-protection.js';
export { type Lane, LaneScheduler, type Lease, type Ticket } from './scheduler.js';
export type { PtyBackend } from './spawn-child.js';
export { SPOOL_LIMIT_BYTES } from './spool.js';
export { type ProcessScope, type TerminationReport, terminateScope } from './terminate.js';
export type {
  CompletionRecord,
  ExecutionFacts,
  ExecutionObservation,
  ExecutionState,
  Outcome,
  OwnerId,
  SandboxSummary,
  Termination,
} from './types.js';
export {
  BASH_YIELD,
  INPUT_WAIT,
  POLL_WAIT,
  resolveWait,
  type WaitBounds,
  type WaitRecord,
} from './wait-bounds.js';
