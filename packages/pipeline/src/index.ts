export { z } from 'zod';
export { PATH_GUIDANCE, PATH_OR_RESOURCE_GUIDANCE, path, pathOrResource } from './args-dsl.js';
export {
  type ArgumentInfo,
  argumentsOf,
  type Catalog,
  type CatalogEntry,
  type CatalogOptions,
  callingShape,
  createCatalog,
  createToolSearchTool,
  DEFAULT_STANDALONE_ONLY,
  ENVELOPE_TOOLS,
  formatContract,
  type ListingOptions,
  renderListing,
  SEARCH_LIST_LIMIT,
  type SearchOptions,
  type SpecialistListing,
  searchCatalog,
  selectEntries,
  type ToolSearchToolOptions,
} from './catalog/index.js';
export { defineTool, type ToolDefinition } from './define-tool.js';
export { PipelineError, type PipelineErrorCode } from './errors.js';
export type { PipelineEvent, PipelineListener, TelemetryRecord } from './events.js';
export type {
  HookDecision,
  HookEvent,
  HookInput,
  HookRegistration,
  HookRunner,
  HookSession,
} from './hook-types.js';
export type { JsonObject, JsonValue } from './json.js';
export type { RepairSummary, ToolCallRequest, ToolOutcome, ToolRun } from './outcome.js';
export type { PermissionFileSystem } from './permissions/file-system.js';
export { compileGlob } from './permissions/glob.js';
export type { PlanMode, PlanModeSource } from './permissions/plan-mode.js';
export type { PermissionProvenance, PermissionSource } from './permissions/provenance.js';
export {
  formatPermissionRule,
  type PermissionRuleText,
  parsePermissionRule,
} from './permissions/rule-text.js';
export type {
  CommandSegment,
  PermissionAnswer,
  PermissionAsker,
  PermissionDecision,
  PermissionFacts,
  PermissionMode,
  PermissionRequest,
  PermissionRule,
  PermissionVerdict,
  VerdictSource,
} from './permissions/types.js';
export {
  GLOBAL_RESULT_LIMIT,
  type Preview,
  persistedNotice,
  previewOf,
  truncatedError,
  unavailableNotice,
} from './persistence.js';
export {
  childToolUseId,
  createPipeline,
  type Pipeline,
  type PipelineOptions,
} from './pipeline.js';
export type {
  ArtifactStore,
  EventMailbox,
  MediaSink,
  ProjectedCall,
  ResourcePreparation,
  ResourcePreparer,
  ResourceRequest,
  SnapshotReader,
} from './ports.js';
export {
  feedbackOf,
  type ProviderResult,
  type ResultDelivery,
  type TruncationReason,
} from './project.js';
export {
  type AnthropicTool,
  type McpTool,
  type ObjectSchema,
  type OpenAIResponsesTool,
  type OpenAITool,
  providerName,
  type SchemaOverride,
  toAnthropicTool,
  toMcpTool,
  toOpenAIResponsesTool,
  toOpenAITool,
} from './provider-schemas.js';
export {
  type AuditBounds,
  type CheckpointStore,
  type CheckpointWriter,
  type ChildCall,
  type ChildCallStatus,
  type ChildRecord,
  type ChildStatus,
  type CommitOptions,
  createMemoryCheckpointStore,
  createPausableClock,
  createToolCallDriver,
  createToolCallTool,
  DEFAULT_AUDIT_BOUNDS,
  describeToolCallProgress,
  interruptedRecord,
  isUnstartedCall,
  isWriterEnded,
  type PausableClock,
  type ProjectToolCallOptions,
  projectToolCall,
  type RecoveredToolCall,
  recoverToolCalls,
  type ScriptRequest,
  type ScriptSpan,
  type SettlementCommit,
  TOOL_CALL_DESCRIPTION,
  type ToolCallCheckpoint,
  type ToolCallCheckpointSettlement,
  type ToolCallDriver,
  type ToolCallOptions,
  type ToolCallProgress,
  type ToolCallRenderData,
  type ToolCallSettlement,
  type ToolCallSummary,
  type ToolCallToolOptions,
  toolCallFeedback,
  UNSTARTED_RESULTS,
} from './ptc/index.js';
export { formatRepairNote, type RepairResult, type RepairStep } from './repair.js';
export { createRepairLog, type RepairLog, type RepairLogEntry } from './repair-log.js';
export type { RepairRuleId } from './repair-rules.js';
export { summarize } from './summary.js';
export type {
  ArgumentSemantics,
  CallOrigin,
  CallSource,
  HandlerContext,
  HandlerEnvelope,
  HandlerReturn,
  MediaInput,
  MediaReference,
  PermissionApproval,
  PermissionExtractors,
  RenderTransform,
  Tool,
  ToolAnnotations,
  ToolHandler,
  WrappedToolSource,
} from './tool-types.js';
export { type WrappedToolDefinition, wrapTool } from './wrap-tool.js';
