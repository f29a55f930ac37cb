import { messageOf, NO_MEDIA } from './call-utils.js';
import type { PipelineError } from './errors.js';
import { runPostHooks } from './hook-steps.js';
import type { JsonObject } from './json.js';
import type { hooksFor } from './pipeline-core.js';
import type { ToolCallRun } from './run-tool.js';
import type { MediaInput, MediaReference, Tool } from './tool-types.js';

type FinishParts = {
  status: 'success' | 'error';
  error: PipelineError | undefined;
  result: unknown;
  rawResult: unknown;
  renderData: JsonObject | undefined;
  media: readonly (MediaInput | MediaReference)[];
};

/**
 * Runs post or failure hooks, stores media, then settles. With neither it settles at once
 * and returns undefined, so the common call spends no promise here; else it returns one.
 */
export function finishCall(
  run: ToolCallRun,
  tool: Tool,
  hooks: ReturnType<typeof hooksFor>['post'],
  parts: FinishParts,
): Promise<void> | undefined {
  if (hooks.length > 0 || parts.media.length > 0) return finishSlowly(run, tool, hooks, parts);
  run.settleWith(
    parts.status,
    parts.error,
    parts.result,
    parts.rawResult,
    parts.renderData,
    NO_MEDIA,
  );
  return undefined;
}

async function finishSlowly(
  run: ToolCallRun,
  tool: Tool,
  hooks: ReturnType<typeof hooksFor>['post'],
  parts: FinishParts,
): Promise<void> {
  let current = parts;
  if (hooks.length > 0) {
    const after = await runPostHooks(run, tool, hooks, current);
    if (after === undefined || run.settled) return;
    current = after;
  }
  let media: readonly MediaReference[] = NO_MEDIA;
  if (current.media.length > 0) {
    media = await storeMedia(run, current.media);
    if (run.settled) return;
  }
  run.settle({
    status: current.status,
    error: current.error,
    result: current.result,
    rawResult: current.rawResult,
    renderData: current.renderData,
    media,
  });
}

async function storeMedia(
  run: ToolCallRun,
  items: readonly (MediaInput | MediaReference)[],
): Promise<MediaReference[]> {
  const sink = run.core.media;
  const fresh = items.filter((item): item is MediaInput => 'data' in item);
  // References were stored once already (a ToolCall direct call's child media).
  const references: MediaReference[] = items
    .filter((item): item is MediaReference => !('data' in item))
    .map((item) => ({ id: item.id, mimeType: item.mimeType }));
  if (fresh.length === 0) return references;
  if (sink === undefined) {
    run.warn(`${fresh.length} media item(s) dropped: no MediaSink is configured.`);
    return references;
  }
  for (const item of fresh) {
    try {
      references.push(await sink.put(item, { toolName: run.name, toolUseId: run.toolUseId }));
    } catch (error) {
      run.warn(`A media item could not be stored: ${messageOf(error)}`);
    }
  }
  return references;
}
