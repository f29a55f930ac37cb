import type { HookRegistration, Tool } from '@toolcall/pipeline';
import { createBashTool } from './bash-tool.js';
import { createControlHook } from './control-hook.js';
import {
  createListExecutionsTool,
  createStopExecutionTool,
  createWriteStdinTool,
} from './control-tools.js';
import type { EscalationGate } from './escalation.js';
import { createMonitorTool } from './monitor-tool.js';
import { type ExecutionToolsOptions, normalizeExecutionOptions } from './options.js';
import { executionRenderers } from './renderers.js';

/** The five execution tools, the hook their escalation needs, and their renderers. */
export interface ExecutionTools {
  /** Bash, WriteStdin, ListExecutions, StopExecution and Monitor, in that order. */
  readonly tools: readonly Tool[];
  readonly bash: Tool;
  readonly writeStdin: Tool;
  readonly listExecutions: Tool;
  readonly stopExecution: Tool;
  readonly monitor: Tool;
  /** Pass to `createPipeline({ hooks })`: without them every escalation request is refused. */
  readonly hooks: readonly HookRegistration[];
  readonly escalation: EscalationGate;
  readonly renderers: typeof executionRenderers;
}

/**
 * Defines the tool faces of `@toolcall/exec` over one session's manager. Escalation requests are
 * granted only when the pipeline's asker approved them through the returned hook.
 */
export function createExecutionTools(options: ExecutionToolsOptions): ExecutionTools {
  const normalized = normalizeExecutionOptions(options);
  const bash = createBashTool(normalized);
  const writeStdin = createWriteStdinTool(normalized);
  const listExecutions = createListExecutionsTool(normalized);
  const stopExecution = createStopExecutionTool(normalized);
  const monitor = createMonitorTool(normalized);
  return Object.freeze({
    tools: Object.freeze([bash, writeStdin, listExecutions, stopExecution, monitor]),
    bash,
    writeStdin,
    listExecutions,
    stopExecution,
    monitor,
    hooks: Object.freeze([normalized.escalation.hook, createControlHook()]),
    escalation: normalized.escalation,
    renderers: executionRenderers,
  });
}
