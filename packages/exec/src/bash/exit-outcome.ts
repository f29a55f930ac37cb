import type { BashAnalysis } from './analysis-types.js';
import { classifyPipeline, type PipelineSnapshot } from './pipeline-status.js';

/** The derived outcome of a finished Bash command (§7); the raw exit code is kept beside it. */
export type BashOutcome = 'success' | 'no-match' | 'different' | 'false' | 'failure';

/** What is known about how a command ended. */
export interface BashExitInput {
  readonly analysis: BashAnalysis;
  /** `exited` for a normal exit; any other termination (signaled, timed-out, …) is a failure. */
  readonly termination: string;
  readonly exitCode: number | null;
  /** The parsed PIPESTATUS snapshot, when the suffix was appended and wrote its line. */
  readonly snapshot?: PipelineSnapshot | null;
}

/** The canonical exit facts: raw code, outcome and, for sources with pipelines, pipeline facts. */
export interface BashExitFacts {
  readonly exitCode: number | null;
  readonly outcome: BashOutcome;
  readonly pipelineExitCodes?: readonly number[];
  readonly pipelineFailedStages?: readonly number[];
  readonly pipelineClassification?: 'classified' | 'unavailable';
  /** A short line naming failed stages, such as `Pipeline stage 2 failed.` */
  readonly pipelineSummary?: string;
}

/** Derives the outcome of a finished command from its analysis, termination, exit code and snapshot. */
export function classifyBashExit({
  analysis,
  termination,
  exitCode,
  snapshot = null,
}: BashExitInput): BashExitFacts {
  const plan = analysis.pipeline;
  const codes = snapshot?.exitCodes;
  const unavailable =
    plan === null
      ? {}
      : {
          ...(codes ? { pipelineExitCodes: codes } : {}),
          pipelineClassification: 'unavailable' as const,
        };
  if (termination !== 'exited' || exitCode === null)
    return { exitCode, outcome: 'failure', ...unavailable };
  if (plan !== null && codes !== undefined && snapshot?.status === exitCode) {
    const classified = classifyPipeline(plan, codes);
    if (classified !== null) {
      return {
        exitCode,
        outcome: classified.outcome,
        pipelineExitCodes: classified.pipelineExitCodes,
        pipelineFailedStages: classified.pipelineFailedStages,
        pipelineClassification: 'classified',
        ...(classified.summary === null ? {} : { pipelineSummary: classified.summary }),
      };
    }
  }
  let outcome: BashOutcome = 'failure';
  if (exitCode === 0) outcome = 'success';
  else if (exitCode === 1 && analysis.exitOneOutcome !== null) outcome = analysis.exitOneOutcome;
  return { exitCode, outcome, ...unavailable };
}
