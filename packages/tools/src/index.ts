export * from './ask/index.js';
export { ToolsError, type ToolsErrorCode } from './errors.js';
export * from './events/index.js';
export * from './execution/index.js';
export type { FileTarget, FileToolOptions } from './file-target.js';
export { createFileTools, type FileToolsOptions } from './file-tools.js';
export * from './host/index.js';
export * from './navigation/index.js';
export { manualOf, packagedDocsDirectory } from './packaged-docs.js';
export {
  type ApplyPatchOptions,
  createApplyPatchTool,
  pathsOfPatch,
} from './patch/apply-patch-tool.js';
export { type ParsedPatch, parsePatch } from './patch/parse-patch.js';
export {
  admittedForReview,
  createPatchHooks,
  PATCH_REVIEW_REASON,
  type PatchHookOptions,
} from './patch/patch-hooks.js';
export type {
  FileVerdict,
  PatchProposal,
  PatchReviewAnswer,
  PatchReviewer,
  ProposedFile,
  ProposedHunk,
  ReviewVerdict,
} from './patch/patch-review.js';
export type { BodyLine, Hunk, PatchOperation } from './patch/patch-types.js';
export type { PlanMode, PlanModeSource } from './patch/plan-mode.js';
export { createTargetPreparer } from './prepare-targets.js';
export { ConversationReads } from './read/read-memo.js';
export { createReadTool, type ReadToolOptions } from './read/read-tool.js';
export { applyPatchRenderer } from './render/apply-patch-renderer.js';
export {
  renderDataFromResult as bashRenderDataFromResult,
  withResultFacts,
} from './render/bash-result-renderer.js';
export { withExecutionLines } from './render/execution-lines-renderer.js';
export {
  type OutcomeFormat,
  openingRoot,
  recordOfOutcome,
  renderOutcome,
} from './render/outcome-rendering.js';
export { readRenderer } from './render/read-renderer.js';
export { fileToolRenderers } from './render/renderers.js';
export { globRenderer } from './render/search-renderers.js';
export { toolSearchRenderer } from './render/tool-search-renderer.js';
export { builtinToolRenderers, createToolSetRenderers } from './render/tool-set-renderers.js';
export { createToolCallRenderer } from './render/toolcall-renderer.js';
export { withUnstartedRows } from './render/unstarted-rows.js';
export { createGlobTool } from './search/glob-tool.js';
export { createGrepTool } from './search/grep-tool.js';
export * from './session/index.js';
export * from './skills/index.js';
export type { ToolSetToolCallOptions } from './tool-call-options.js';
export {
  createToolSet,
  DISCOVERABLE_GROUPS,
  NATIVE_TOOLS,
  type ToolSet,
  type ToolSetOptions,
} from './tool-set.js';
export * from './web/index.js';
