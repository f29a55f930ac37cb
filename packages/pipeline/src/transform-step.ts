import type { JsonObject } from './json.js';
import { isRenderData, RENDER_TRANSFORM_LIMIT, withoutApprovals } from './render-data.js';
import type { ToolCallRun } from './run-tool.js';
import type { Tool } from './tool-types.js';

/**
 * Runs the tool's render transform on a successful string result with no handler render data;
 * failures and oversized or malformed output become warnings and leave the result unchanged.
 */
export function applyRenderTransform(
  run: ToolCallRun,
  tool: Tool,
  args: Readonly<Record<string, unknown>>,
  result: unknown,
): JsonObject | undefined {
  const transform = tool.renderTransform;
  if (transform === undefined || typeof result !== 'string') return undefined;
  let data: unknown;
  try {
    data = transform({ name: tool.name, args, result });
  } catch (error) {
    run.warn(
      `The render transform of ${tool.name} failed: ${(error as Error)?.message ?? String(error)}`,
    );
    return undefined;
  }
  if (data === undefined || data === null) return undefined;
  if (!isRenderData(data)) {
    run.warn(`The render transform of ${tool.name} returned malformed render data.`);
    return undefined;
  }
  const size = JSON.stringify(data).length;
  if (size > RENDER_TRANSFORM_LIMIT) {
    run.warn(
      `The render transform of ${tool.name} returned ${size} characters of render data; the limit is ${RENDER_TRANSFORM_LIMIT}.`,
    );
    return undefined;
  }
  return withoutApprovals(data);
}
