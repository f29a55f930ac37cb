import { languageFor } from './languages.js';
import { parseSource } from './load-language.js';
import { formatNodeInfo } from './node-info.js';
import { SourceText } from './source-text.js';
import { CONSTRUCTION_LIMIT, formatWholeTree } from './whole-file.js';

/** What the `Node` tool asks about a file. */
export interface NodeQuery {
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly wholeFile?: boolean | undefined;
  readonly includeAncestors?: boolean | undefined;
  readonly includeChildren?: boolean | undefined;
}

/** A report, or the inner message that the tool wraps in its error sentence. */
export type NodeReport = { success: true; value: string } | { success: false; error: string };

/** Reports the syntax node at a line and display column, or the whole tree. */
export async function nodeReport(
  path: string,
  text: string,
  query: NodeQuery,
  tabWidth = 8,
  limit = CONSTRUCTION_LIMIT,
): Promise<NodeReport> {
  const source = new SourceText(text, tabWidth);
  let index = 0;
  if (query.wholeFile !== true) {
    // Without a line the "current point" of a file that is not open is its start.
    const at = source.indexAt(query.line ?? 1, query.column ?? 0);
    if (!at.success) return at;
    index = at.value;
  }
  const language = languageFor(path, text);
  if (language === undefined) {
    return { success: false, error: `No tree-sitter parser available for ${path}` };
  }
  let tree: Awaited<ReturnType<typeof parseSource>>;
  try {
    tree = await parseSource(language, text);
  } catch (error) {
    return { success: false, error: (error as Error).message };
  }
  try {
    if (query.wholeFile === true) {
      return { success: true, value: formatWholeTree(source, tree, limit) };
    }
    return {
      success: true,
      value: formatNodeInfo(source, tree.rootNode, index, {
        includeAncestors: query.includeAncestors === true,
        includeChildren: query.includeChildren === true,
      }),
    };
  } finally {
    tree.delete();
  }
}
