import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Tool } from '@toolcall/pipeline';

/** Options of `loadToolsModule`. */
export interface ToolsModuleOptions {
  /** The bridge's arguments: `--tools-module FILE` names the module, if any. */
  readonly argv: readonly string[];
  /** What a relative FILE is resolved against. */
  readonly cwd: string;
  /**
   * Imports an ES module by URL (default `import()`); a host whose code cannot import
   * dynamically (a bundle run from a compile cache) passes its entry's.
   */
  readonly importModule?: (url: string) => Promise<unknown>;
}

/**
 * Loads the tools of `--tools-module FILE`: an ES module whose default export is an array of
 * tools (`defineTool` results) registered beside the built-in ones. No flag is no tools; a flag
 * without a file, or a module that does not export an array, is an error naming it.
 */
export async function loadToolsModule(
  options: ToolsModuleOptions,
): Promise<{ success: true; value: Tool[] } | { success: false; error: string }> {
  const at = options.argv.indexOf('--tools-module');
  if (at === -1) return { success: true, value: [] };
  const file = options.argv[at + 1];
  if (file === undefined || file.startsWith('--')) {
    return { success: false, error: '--tools-module needs a FILE' };
  }
  const importModule = options.importModule ?? ((url: string) => import(url));
  let loaded: { default?: unknown };
  try {
    loaded = (await importModule(pathToFileURL(resolve(options.cwd, file)).href)) as typeof loaded;
  } catch (error) {
    return { success: false, error: `${file} cannot be loaded: ${(error as Error).message}` };
  }
  if (!Array.isArray(loaded.default)) {
    return { success: false, error: `${file} must export an array of tools as default` };
  }
  return { success: true, value: loaded.default as Tool[] };
}
