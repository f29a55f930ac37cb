import { z } from 'zod';
import type { Catalog } from '../catalog/catalog.js';
import { defineTool } from '../define-tool.js';
import { isPlainObject, type JsonObject } from '../json.js';
import type { ToolOutcome } from '../outcome.js';
import type { Pipeline } from '../pipeline.js';
import type { ProviderResult } from '../project.js';
import type { HandlerContext, Tool } from '../tool-types.js';
import type { ToolCallDriver } from './driver.js';
import type { CommitOptions } from './settlement-commits.js';

/** The static part of ToolCall's description; the dialect manual is retrieved on demand. */
export const TOOL_CALL_DESCRIPTION = [
  'Runs one orchestration script in the closed ToolCall dialect (a small Lisp): one direct tool call such as (Read :file_path "a.txt"), or a composed program that returns its last value.',
  'Every nested call goes through normal validation, hooks and permissions. A failed call is the value (:error "message"); a permission denial aborts the whole script.',
  'Use (parallel …) or (parallel-map (lambda (x) (Tool :arg x)) list) for independent calls. Find specialist tools and their keyword arguments with ToolSearch.',
  'More: Read toolcall://toolcall-dialect.md.',
].join(' ');

/** Options of `createToolCallTool`. */
export interface ToolCallToolOptions {
  driver: ToolCallDriver;
  /** The catalog of the request this call belongs to. */
  catalog: (context: HandlerContext) => Catalog;
}

/** The ToolCall tool: one `expression` argument, run by the driver with the request's roster. */
export function createToolCallTool(options: ToolCallToolOptions): Tool {
  if (typeof options?.driver?.run !== 'function') {
    throw new TypeError('createToolCallTool: driver must come from createToolCallDriver');
  }
  if (typeof options.catalog !== 'function') {
    throw new TypeError('createToolCallTool: catalog must be a function (context) => Catalog');
  }
  const { driver, catalog } = options;
  return defineTool({
    name: 'ToolCall',
    description: TOOL_CALL_DESCRIPTION,
    // Read-only to the pipeline (each nested call passes its own permission), but a script may
    // run tools that change files or reach the network, which is what a client is told.
    readOnly: true,
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async: true,
    maxResultSize: 30_000,
    args: z.object({
      expression: z.string().describe('The script: one direct call or a composed program.'),
    }),
    handler: async ({ expression }, context) => {
      // Cancelled mid-script, the envelope still shows the nested calls made so far.
      // Its feedback tells the model, through projectToolCall, which calls took effect.
      context.renderOnCancel?.(() => driver.cancelledRenderData(context.toolUseId));
      const settlement = await driver.run({
        expression,
        envelopeId: context.toolUseId,
        catalog: catalog(context),
        signal: context.signal,
      });
      return {
        result: settlement.result,
        status: settlement.status,
        renderData: settlement.renderData as unknown as JsonObject,
        media: settlement.media,
      };
    },
  }) as unknown as Tool;
}

/** The children's hook context and repair notes carried by a ToolCall envelope outcome. */
export function toolCallFeedback(outcome: ToolOutcome): string[] {
  const data = outcome.renderData;
  if (!isPlainObject(data) || data.kind !== 'toolcall' || !Array.isArray(data.feedback)) return [];
  return data.feedback.filter((item): item is string => typeof item === 'string');
}

/** Options of `projectToolCall`. */
export interface ProjectToolCallOptions extends Pick<CommitOptions, 'consume'> {
  /**
   * The driver whose settlement to commit once the projection is done: with
   * `settlementCommit: 'host'`, this is the commit the spec orders after projection.
   */
  readonly driver?: Pick<ToolCallDriver, 'commit'>;
}

/**
 * Projects a ToolCall envelope for a provider, delivering its children's feedback too; given
 * a driver, then commits the script's settlement with the projection's delivery record (with
 * `settlementCommit: 'host'`, the settled checkpoint records it). A projection that fails
 * commits nothing.
 */
export async function projectToolCall(
  pipeline: Pick<Pipeline, 'project'>,
  outcome: ToolOutcome,
  options: ProjectToolCallOptions = {},
): Promise<ProviderResult> {
  const projected = await pipeline.project(outcome, { feedback: toolCallFeedback(outcome) });
  if (options.driver !== undefined && outcome.toolName === 'ToolCall') {
    await options.driver.commit(outcome.toolUseId, {
      ...(options.consume === undefined ? {} : { consume: options.consume }),
      delivery: projected.delivery,
    });
  }
  return projected;
}
