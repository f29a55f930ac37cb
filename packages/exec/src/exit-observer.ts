import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import type { BashAnalysis } from './bash/analysis-types.js';
import { classifyBashExit } from './bash/exit-outcome.js';
import {
  createPipelineSnapshotSuffix,
  type PipelineSnapshotTarget,
  parsePipelineSnapshot,
} from './bash/pipeline-status.js';
import type { ExecutionFacts, Termination } from './types.js';

/** The outcome part of an execution's facts, derived once at settlement. */
export type ExitFacts = Pick<
  ExecutionFacts,
  | 'outcome'
  | 'pipelineExitCodes'
  | 'pipelineFailedStages'
  | 'pipelineClassification'
  | 'pipelineSummary'
>;

/** Derives the outcome of a settled execution, reading its PIPESTATUS snapshot when one was taken. */
export interface ExitObserver {
  /** The suffix to append to the Bash source, or '' when the source must run untouched. */
  readonly suffix: string;
  /** Whether the snapshot is written to the status pipe (pipe mode) rather than a file. */
  readonly usesStatusPipe: boolean;
  classify(termination: Termination | undefined, exitCode: number | null, piped: string): ExitFacts;
}

/** Where a snapshot can be written for one launch. */
export interface SnapshotPlace {
  tty: boolean;
  /** Descriptors already passed to the child from fd 3 on (Bubblewrap's bound grants). */
  extraFds: number;
  confined: boolean;
  /** A private file path for terminal launches, outside any confinement. */
  statusFile: string;
}

/** The plain rule without analysis: 0 is success, everything else failure. */
export function plainExitFacts(
  termination: Termination | undefined,
  code: number | null,
): ExitFacts {
  return { outcome: termination === 'exited' && code === 0 ? 'success' : 'failure' };
}

function snapshotTarget(place: SnapshotPlace): PipelineSnapshotTarget | undefined {
  if (!place.tty) {
    const fd = 3 + place.extraFds;
    return fd <= 9 ? { fd } : undefined;
  }
  // A confined terminal child cannot write a host file; its pipeline stays unclassified.
  return place.confined ? undefined : { path: place.statusFile };
}

function readStatusFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  } finally {
    rmSync(path, { force: true });
  }
}

/** Plans the observation of one Bash launch: a fresh nonce and suffix when the final pipeline allows it. */
export function createExitObserver(
  analysis: BashAnalysis | null,
  place: SnapshotPlace,
): ExitObserver {
  const target = analysis?.pipeline?.snapshot ? snapshotTarget(place) : undefined;
  // A fresh nonce per run, so command output can never forge the snapshot line.
  const nonce = randomBytes(18).toString('base64url');
  const suffix = target ? createPipelineSnapshotSuffix({ nonce, target }) : '';
  const usesStatusPipe = target !== undefined && 'fd' in target;
  return {
    suffix,
    usesStatusPipe,
    classify(termination, exitCode, piped) {
      if (analysis === null) return plainExitFacts(termination, exitCode);
      let text = '';
      if (target) text = 'fd' in target ? piped : readStatusFile(target.path);
      const snapshot = target ? parsePipelineSnapshot(text, nonce) : null;
      const facts = classifyBashExit({
        analysis,
        termination: termination ?? 'exited',
        exitCode,
        snapshot,
      });
      const result: ExitFacts = { outcome: facts.outcome };
      if (facts.pipelineExitCodes) result.pipelineExitCodes = facts.pipelineExitCodes;
      if (facts.pipelineFailedStages) result.pipelineFailedStages = facts.pipelineFailedStages;
      if (facts.pipelineClassification) {
        result.pipelineClassification = facts.pipelineClassification;
      }
      if (facts.pipelineSummary) result.pipelineSummary = facts.pipelineSummary;
      return result;
    },
  };
}
