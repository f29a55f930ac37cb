export { z } from 'zod';
export { PATH_GUIDANCE, PATH_OR_RESOURCE_GUIDANCE, path, pathOrResource } from './args-dsl.js';
export * from './catalog/index.js';
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
export { compileGlob } from './permissions/glob.js';
export type {
  PermissionAnswer,
  PermissionAsker,
  PermissionDecision,
  PermissionFacts,
  PermissionMode,
  PermissionRequest,
  PermissionRule,
  PermissionVerdict,
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
  MediaSink,
  ResourcePreparation,
  ResourcePreparer,
  ResourceRequest,
  SnapshotReader,
} from './ports.js';
export { feedbackOf, type ProviderResult } from './project.js';
export {
  type AnthropicTool,
  type McpTool,
  type OpenAITool,
  providerName,
  type SchemaOverride,
  toAnthropicTool,
  toMcpTool,
  toOpenAITool,
} from './provider-schemas.js';
export * from './ptc/index.js';
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
  ToolHandler,
  WrappedToolSource,
} from './tool-types.js';
export { type WrappedToolDefinition, wrapTool } from './wrap-tool.js';
