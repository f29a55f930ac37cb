import { bufferText } from './buffer-text.js';
import { languageFor } from './languages.js';
import { formatNodeInfo } from './node-info.js';
import { SourceText } from './source-text.js';
import { withTree } from './tree-cache.js';
import { CONSTRUCTION_LIMIT, formatWholeTree } from './whole-file.js';

/** What the `Node` tool asks about a file. */
export interface NodeQuery {
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly wholeFile?: boolean | undefined;
  readonly includeAncestors?: boolean | undefined;
  readonly includeChildren?: boolean | undefined;
  /** The file's absolute path, letting a later call reuse the syntax tree. */
  readonly cacheKey?: string | undefined;
}

/** A report, or the inner message that the tool wraps in its error sentence. */
export type NodeReport = { success: true; value: string } | { success: false; error: string };

/**
 * Reports the syntax node at a line and display column, or the whole tree. `text` is the
 * file's content; lines, columns and positions count it as an Emacs buffer holds it (see
 * `bufferText`).
 */
export async function nodeReport(
  path: string,
  text: string,
  query: NodeQuery,
  tabWidth = 8,
  limit = CONSTRUCTION_LIMIT,
): Promise<NodeReport> {
  const buffer = bufferText(text);
  const source = new SourceText(buffer, tabWidth);
  let index = 0;
  if (query.wholeFile !== true) {
    // Without a line the "current point" of a file that is not open is its start.
    const at = source.indexAt(query.line ?? 1, query.column ?? 0);
    if (!at.success) return at;
    index = at.value;
  }
  const language = languageFor(path, buffer);
  if (language === undefined) {
    return { success: false, error: `No tree-sitter parser available for ${path}` };
  }
  try {
    const value = await withTree(query.cacheKey, language, buffer, (tree) =>
      query.wholeFile === true
        ? formatWholeTree(source, tree, limit)
        : formatNodeInfo(source, tree.rootNode, index, {
            includeAncestors: query.includeAncestors === true,
            includeChildren: query.includeChildren === true,
          }),
    );
    return { success: true, value };
  } catch (error) {
    return { success: false, error: (error as Error).message };
  }
}
