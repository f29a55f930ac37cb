export type { ChildRecord, ChildStatus, ToolCallProgress } from './audit.js';
export { type AuditBounds, DEFAULT_AUDIT_BOUNDS } from './bounds.js';
export {
  type CheckpointStore,
  createMemoryCheckpointStore,
  interruptedRecord,
  type RecoveredToolCall,
  recoverToolCalls,
  type ToolCallCheckpoint,
  type ToolCallCheckpointSettlement,
} from './checkpoint.js';
export { type CheckpointWriter, isWriterEnded } from './checkpoint-writer.js';
export { createToolCallDriver, type ToolCallDriver, type ToolCallOptions } from './driver.js';
export { createPausableClock, type PausableClock } from './pausable-clock.js';
export { describeToolCallProgress } from './progress-text.js';
export type {
  ChildCall,
  ChildCallStatus,
  ToolCallRenderData,
  ToolCallSummary,
} from './render-data.js';
export type { CommitOptions, SettlementCommit } from './settlement-commits.js';
export {
  createToolCallTool,
  type ProjectToolCallOptions,
  projectToolCall,
  TOOL_CALL_DESCRIPTION,
  type ToolCallToolOptions,
  toolCallFeedback,
} from './tool-call-tool.js';
export type { ScriptRequest, ScriptSpan, ToolCallSettlement } from './types.js';
export { isUnstartedCall, UNSTARTED_RESULTS } from './unstarted.js';
