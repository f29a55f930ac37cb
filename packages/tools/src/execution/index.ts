export { type BashArgs, createBashTool } from './bash-tool.js';
export { formatCompletionRecord } from './completion-text.js';
export { CONTROL_REASON, createControlHook } from './control-hook.js';
export {
  createListExecutionsTool,
  createStopExecutionTool,
  createWriteStdinTool,
  type StopExecutionArgs,
  type WriteStdinArgs,
} from './control-tools.js';
export { createExecutionTools, type ExecutionTools } from './create-execution-tools.js';
export {
  createEscalationGate,
  type EscalationArgs,
  type EscalationGate,
  requestsEscalation,
} from './escalation.js';
export { formatMonitorRecord } from './monitor-text.js';
export { createMonitorTool, type MonitorArgs, monitorStartNote } from './monitor-tool.js';
export {
  type ExecutionToolsOptions,
  type NormalizedExecutionOptions,
  normalizeExecutionOptions,
} from './options.js';
export {
  bashRenderer,
  executionRenderers,
  listExecutionsRenderer,
  monitorRenderer,
  stopExecutionRenderer,
  writeStdinRenderer,
} from './renderers.js';
export { commandLabel, describeState, formatElapsed } from './row-parts.js';
export { CONFINED_FAILURE_GUIDANCE, formatSandboxLine } from './sandbox-line.js';
