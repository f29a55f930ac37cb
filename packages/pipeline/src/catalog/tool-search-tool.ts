import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import type { HandlerContext, Tool } from '../tool-types.js';
import type { Catalog } from './catalog.js';
import { type SearchOptions, searchCatalog } from './tool-search.js';

/** Options of `createToolSearchTool`. */
export interface ToolSearchToolOptions extends SearchOptions {
  /** The catalog of the request this call belongs to. */
  catalog: (context: HandlerContext) => Catalog;
}

/** The ToolSearch tool: one `query` argument, answered from the calling request's catalog. */
export function createToolSearchTool(options: ToolSearchToolOptions): Tool {
  if (typeof options?.catalog !== 'function') {
    throw new TypeError('createToolSearchTool: catalog must be a function (context) => Catalog');
  }
  const { catalog, manualReference } = options;
  return defineTool({
    name: 'ToolSearch',
    description:
      'Finds tools callable through ToolCall by name, summary, category or group. One to three matches return full contracts; broader queries return calling shapes.',
    readOnly: true,
    args: z.object({
      query: z
        .string()
        .describe('Whitespace-separated terms; an exact tool name selects that tool.'),
    }),
    handler: ({ query }, context) =>
      searchCatalog(
        catalog(context),
        query,
        manualReference === undefined ? {} : { manualReference },
      ),
  }) as unknown as Tool;
}
