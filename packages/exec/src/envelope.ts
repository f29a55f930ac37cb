import type { ExecError } from './errors.js';
import type { ExecutionFacts, ExecutionObservation, Outcome } from './types.js';

/** A tool handler's result: the model-visible text, its status and the render snapshot. */
export interface ToolEnvelope<Render = ExecutionRenderData> {
  result: string;
  status: 'success' | 'error';
  renderData?: Render;
}

/** The render data of a Bash-family result; it carries the same snapshot as the model-visible text. */
export interface ExecutionRenderData {
  kind: 'bash-execution';
  /** The exact command source. */
  command: string;
  output: string;
  omittedBytes: number;
  omittedChars: number;
  facts: ExecutionFacts;
  yielded: boolean;
  wait: ExecutionObservation['wait'];
  status: 'success' | 'error';
  outputPath?: string;
  sandboxLine?: string;
}

/** Options for formatting one observation. */
export interface EnvelopeOptions {
  /** Show `execution_id`; defaults to whether the observation yielded. */
  executionId?: boolean;
  /** The artifact address of the persisted full output, when the tools layer stored one. */
  outputPath?: string;
  /** The noteworthy confinement line the tools layer chose to show, if any. */
  sandboxLine?: string;
}

const SUCCESSFUL: ReadonlySet<Outcome> = new Set(['success', 'no-match', 'different', 'false']);

/** Escapes an attribute value so the element stays on one line. */
export function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')
    .replaceAll('\t', '&#9;');
}

/** Formats the one-line `<bash-execution …/>` element with its attributes in contract order. */
export function formatExecutionTag(
  facts: ExecutionFacts,
  options: { executionId?: boolean; omittedOutputBytes?: number; outputPath?: string } = {},
): string {
  const attributes: Array<[string, string | number | undefined]> = [
    ['execution_id', options.executionId === false ? undefined : facts.executionId],
    ['command', facts.command],
    ['state', facts.state],
    ['termination', facts.termination],
    ['exit_code', facts.exitCode],
    ['outcome', facts.outcome],
    ['wall_time_seconds', (facts.wallTimeMs / 1000).toFixed(3)],
    ['output_bytes', facts.outputBytes],
    ['output_lines', facts.outputLines],
    ['omitted_output_bytes', options.omittedOutputBytes || undefined],
    ['tty', String(facts.tty)],
    ['output_path', options.outputPath],
    ['pipeline_exit_codes', facts.pipelineExitCodes?.join(' ')],
    ['pipeline_failed_stages', facts.pipelineFailedStages?.join(' ') || undefined],
    ['pipeline_classification', facts.pipelineClassification],
  ];
  const text = attributes
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
  return `<bash-execution${text}/>`;
}

/** The handler status of an observation: error only for a completed `failure`. */
export function observationStatus(facts: ExecutionFacts): 'success' | 'error' {
  if (facts.state !== 'completed') return 'success';
  return facts.outcome !== undefined && SUCCESSFUL.has(facts.outcome) ? 'success' : 'error';
}

/**
 * Formats a Bash (or WriteStdin) observation: output, the confinement line, notes (the failed
 * pipeline stages and a clamped wait), then the element; parts are separated by blank lines.
 */
export function formatBashResult(
  observation: ExecutionObservation,
  options: EnvelopeOptions = {},
  status: 'success' | 'error' = observationStatus(observation.facts),
): ToolEnvelope {
  const { facts } = observation;
  const executionId = options.executionId ?? observation.yielded;
  // One trailing newline is the output's own line end, not a separate blank part.
  const output = observation.output.endsWith('\n')
    ? observation.output.slice(0, -1)
    : observation.output;
  const parts = [
    output,
    options.sandboxLine ?? '',
    facts.pipelineSummary ?? '',
    observation.wait.note ?? '',
    formatExecutionTag(facts, {
      executionId,
      omittedOutputBytes: observation.omittedBytes,
      ...(options.outputPath ? { outputPath: options.outputPath } : {}),
    }),
  ].filter((part) => part !== '');
  const renderData: ExecutionRenderData = {
    kind: 'bash-execution',
    command: facts.command,
    output: observation.output,
    omittedBytes: observation.omittedBytes,
    omittedChars: observation.omittedChars,
    facts,
    yielded: observation.yielded,
    wait: observation.wait,
    status,
    ...(options.outputPath ? { outputPath: options.outputPath } : {}),
    ...(options.sandboxLine ? { sandboxLine: options.sandboxLine } : {}),
  };
  return { result: parts.join('\n\n'), status, renderData };
}

/** Formats a WriteStdin observation: the Bash envelope, always naming the execution. */
export function formatWriteStdinResult(
  observation: ExecutionObservation,
  options: EnvelopeOptions = {},
): ToolEnvelope {
  return formatBashResult(observation, { executionId: true, ...options });
}

/** Formats a StopExecution observation: the Bash envelope with status success whatever the outcome. */
export function formatStopResult(
  observation: ExecutionObservation,
  options: EnvelopeOptions = {},
): ToolEnvelope {
  return formatBashResult(observation, { executionId: true, ...options }, 'success');
}

/** The ListExecutions result text when the caller has nothing live. */
export const NO_YIELDED_EXECUTIONS = 'No yielded executions.';

/** Formats ListExecutions: one element per live yielded or queued execution, or the empty notice. */
export function formatExecutionList(executions: readonly ExecutionFacts[]): ToolEnvelope<{
  kind: 'execution-list';
  executions: readonly ExecutionFacts[];
}> {
  const result =
    executions.length === 0
      ? NO_YIELDED_EXECUTIONS
      : executions.map((facts) => formatExecutionTag(facts)).join('\n');
  return {
    result,
    status: 'success',
    renderData: { kind: 'execution-list', executions: [...executions] },
  };
}

/** Formats a refused or failed start; spawn failures already read `Failed to start process: …`. */
export function formatExecFailure(error: ExecError): ToolEnvelope<never> {
  return { result: error.message, status: 'error' };
}
