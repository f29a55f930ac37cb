import { defineTool, path, z } from '@toolcall/pipeline';
import { nodeRenderer } from './navigation-renderers.js';
import { nodeReport } from './node-report.js';
import { checkOptions, type NavigationOptions, readSource } from './read-source.js';

const DESCRIPTION = [
  'Shows the tree-sitter syntax node at a 1-based line and 0-based display column',
  '(a tab counts as its displayed width): type, buffer range, text, field, and optionally',
  'ancestors and children; whole_file lists the whole syntax tree instead.',
  'A position the file does not have is an error.',
].join(' ');

/** Creates the `Node` tool (the contract's Treesitter): the syntax node at a position. */
export function createNodeTool(options: NavigationOptions = {}) {
  const tabWidth = checkOptions('createNodeTool', options);
  return defineTool({
    name: 'Node',
    description: DESCRIPTION,
    readOnly: true,
    async: true,
    category: 'navigation',
    groups: ['navigation'],
    maxResultSize: 30_000,
    renderer: { success: nodeRenderer },
    args: z.object({
      file_path: path('The source file to inspect.'),
      line: z.number().int().optional().describe('1-based line; defaults to the first line.'),
      column: z
        .number()
        .int()
        .default(0)
        .describe('0-based display column; a tab counts its width.'),
      whole_file: z
        .boolean()
        .optional()
        .describe('List the whole syntax tree instead of one node.'),
      include_ancestors: z.boolean().optional().describe('Also list up to 9 ancestors.'),
      include_children: z.boolean().optional().describe('Also list up to 20 children.'),
    }),
    handler: async (args, context) => {
      const source = await readSource(
        args.file_path,
        options,
        context.resources.file_path,
        context.signal,
      );
      const report = source.success
        ? await nodeReport(
            args.file_path,
            source.value,
            {
              line: args.line,
              column: args.column,
              wholeFile: args.whole_file,
              includeAncestors: args.include_ancestors,
              includeChildren: args.include_children,
              cacheKey: source.fullPath,
            },
            tabWidth,
          )
        : source;
      if (report.success) return { result: report.value };
      return {
        result: `Error getting tree-sitter info for ${args.file_path}: ${report.error}`,
        status: 'error' as const,
      };
    },
  });
}
