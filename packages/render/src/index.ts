export { type AnsiOptions, renderAnsi, useColor } from './backends/ansi.js';
export { escapeHtml } from './backends/escape-html.js';
export { type HtmlOptions, renderHtml } from './backends/html.js';
export { type JsonOptions, renderJson } from './backends/json.js';
export { type PlainOptions, renderPlain } from './backends/plain.js';
export type { TextLayoutOptions } from './backends/text-layout.js';
export { type BuildRenderTreeOptions, buildRenderTree, type ExpandMode } from './build-tree.js';
export { RenderError, type RenderErrorCode, type RenderErrorOptions } from './errors.js';
export { coalesceRows, groupBatches } from './group-rows.js';
export { createRendererRegistry, type RendererRegistry } from './registry.js';
export {
  type RenderCallOptions,
  type RenderedCall,
  type ResolvedRendering,
  renderCall,
} from './render-call.js';
export {
  type DecodeOptions,
  type ExtractedRenderData,
  extractRenderData,
  findRenderDataBlocks,
  type RenderDataBlock,
  scrubRenderData,
} from './render-data/decode.js';
export {
  appendRenderData,
  type EncodeOptions,
  encodeRenderData,
  replaceRenderData,
} from './render-data/encode.js';
export { CLOSE_MARKER, isValidOwnerId, OPEN_PREFIX } from './render-data/markers.js';
export {
  type RenderDataOptions,
  serializeRenderData,
  validateRenderData,
} from './render-data/validate-render-data.js';
export type {
  DispatchStatus,
  RenderContext,
  Renderer,
  RendererSpec,
  RendererStatusMap,
  RenderTransform,
} from './renderer.js';
export { builtinRenderers } from './renderers/builtin.js';
export { diffRenderer } from './renderers/diff-renderer.js';
export { genericRenderer, summarizeArgs } from './renderers/generic-renderer.js';
export { grepRenderer } from './renderers/grep-renderer.js';
export { RETURNED_ROW, returnedRenderer, returnedRow } from './renderers/returned-renderer.js';
export {
  type ChildCall,
  type JsonValue,
  type RenderData,
  type Rendering,
  type RenderStatus,
  renderStatuses,
  type ToolCallRecord,
} from './rendering.js';
export type { RenderResult } from './result.js';
export { dispatchStatus, explicitStatus, isErrorResult, mergeStatus } from './status.js';
export type { RenderBatch, RenderItem, RenderRow, RenderTree, RenderWarning } from './tree.js';
export { validateRendering } from './validate-rendering.js';
