import { defineTool, path, z } from '@toolcall/pipeline';
import { outlineRenderer } from './navigation-renderers.js';
import { outlineText } from './outline.js';
import { checkOptions, type NavigationOptions, readSource } from './read-source.js';

const DESCRIPTION = [
  'Fast outline of a source file: one line per definition at every nesting depth,',
  'as `PATH:LINE: [Category > Parent] name` with whole-file line numbers.',
  'Supports JavaScript, TypeScript/TSX, Python, Go, Rust, Bash, JSON, CSS and HTML.',
].join(' ');

/** Creates the `Outline` tool (the contract's Imenu): a nested outline with category paths. */
export function createOutlineTool(options: NavigationOptions = {}) {
  checkOptions('createOutlineTool', options);
  return defineTool({
    name: 'Outline',
    description: DESCRIPTION,
    readOnly: true,
    async: true,
    category: 'navigation',
    groups: ['navigation'],
    maxResultSize: 20_000,
    renderer: { success: outlineRenderer },
    args: z.object({ file_path: path('The source file to outline.') }),
    handler: async (args, context) => {
      const source = await readSource(
        args.file_path,
        options,
        context.resources.file_path,
        context.signal,
      );
      if (!source.success) {
        return {
          result: `Error listing symbols in ${args.file_path}: ${source.error}`,
          status: 'error',
        };
      }
      const outline = await outlineText(args.file_path, source.value, source.fullPath, {
        parseWorker: options.parseWorker,
      });
      return outline.success
        ? { result: outline.value }
        : { result: outline.error, status: 'error' as const };
    },
  });
}
