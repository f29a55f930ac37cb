export type {
  BashAnalysis,
  BashBackgroundUse,
  BashClassification,
  BashCommandSegment,
  BashCompound,
  BashExpansion,
  BashExpansionKind,
  BashPipeline,
  BashRedirection,
  BashRedirectionKind,
  BashSimpleCommand,
  BashSubstitution,
  BashWord,
} from './analysis-types.js';
export { type BashAnalyzer, createBashAnalyzer } from './create-bash-analyzer.js';
export {
  type BashExitFacts,
  type BashExitInput,
  type BashOutcome,
  classifyBashExit,
} from './exit-outcome.js';
export { grammarFile } from './grammar-file.js';
export type { BashPipelinePlan, BashPipelineStage } from './pipeline-plan.js';
export {
  classifyPipeline,
  createPipelineSnapshotSuffix,
  type PipelineClassification,
  type PipelineSnapshot,
  type PipelineSnapshotOptions,
  type PipelineSnapshotTarget,
  parsePipelineSnapshot,
} from './pipeline-status.js';
export type { ExitOneOutcome } from './statement-outcome.js';
