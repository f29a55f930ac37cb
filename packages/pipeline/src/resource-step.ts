import type { ResourcePreparation } from './ports.js';
import type { ToolCallRun } from './run-tool.js';
import type { Tool } from './tool-types.js';

const ADDRESS = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

async function prepareAsync(
  run: ToolCallRun,
  pending: [string, ResourcePreparation | PromiseLike<ResourcePreparation>][],
): Promise<Record<string, unknown> | undefined> {
  const prepared: Record<string, unknown> = {};
  for (const [key, answer] of pending) {
    let settledAnswer: ResourcePreparation;
    try {
      settledAnswer = await answer;
    } catch (error) {
      settledAnswer = { success: false, message: (error as Error)?.message ?? String(error) };
    }
    if (run.settled) return undefined;
    if (typeof settledAnswer !== 'object' || settledAnswer === null) {
      run.fail('resource-failed', `\`${key}\`: the resource preparer returned an invalid answer.`);
      return undefined;
    }
    if (!settledAnswer.success) {
      run.fail('resource-failed', `\`${key}\`: ${settledAnswer.message}`);
      return undefined;
    }
    prepared[key] = settledAnswer.value;
  }
  return Object.freeze(prepared);
}

/**
 * Prepares every path and resource argument through the injected preparer; a failure settles
 * the call before permission. Without a preparer, paths pass through and addresses fail.
 */
export function prepareResources(
  run: ToolCallRun,
  tool: Tool,
  args: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined> {
  const preparer = run.core.resources;
  const pending: [string, ResourcePreparation | PromiseLike<ResourcePreparation>][] = [];
  for (const [key, semantics] of Object.entries(tool.semantics)) {
    const value = args[key];
    if (typeof value !== 'string') continue;
    if (preparer === undefined) {
      pending.push([
        key,
        semantics.kind === 'path-or-resource' && ADDRESS.test(value)
          ? { success: false, message: 'resource addresses are not supported here.' }
          : { success: true, value },
      ]);
      continue;
    }
    try {
      pending.push([
        key,
        preparer.prepare({
          toolName: tool.name,
          argument: key,
          value,
          kind: semantics.kind,
          access: tool.readOnly ? 'read' : semantics.access,
        }),
      ]);
    } catch (error) {
      pending.push([key, { success: false, message: (error as Error)?.message ?? String(error) }]);
    }
  }
  return prepareAsync(run, pending);
}
