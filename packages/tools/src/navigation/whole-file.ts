import type { Tree } from 'web-tree-sitter';
import type { SourceText } from './source-text.js';

/** Characters after which whole-file traversal stops (well above the 30k result limit). */
export const CONSTRUCTION_LIMIT = 200 * 1024;

/** The line that ends a traversal stopped by the construction limit. */
export const TRUNCATED_LINE = '... (tree truncated at the construction limit)';

const MAX_DEPTH = 20;
const TEXT_LIMIT = 40;

/** Renders every node to depth 19, one per line, stopping at the construction limit. */
export function formatWholeTree(
  source: SourceText,
  tree: Tree,
  limit = CONSTRUCTION_LIMIT,
): string {
  const out: string[] = [];
  let size = 0;
  const cursor = tree.walk();
  try {
    let depth = 0;
    for (;;) {
      const start = cursor.startIndex;
      const end = cursor.endIndex;
      let line = `${'  '.repeat(depth)}${cursor.nodeType}`;
      if (cursor.nodeIsNamed) line += ' (named)';
      const field = cursor.currentFieldName;
      if (field !== null) line += ` [${field}]`;
      line += ` (${source.position(start)}-${source.position(end)})`;
      if (end - start < TEXT_LIMIT) {
        const text = source.text.slice(start, end);
        if (!text.includes('\n')) line += ` ${JSON.stringify(text)}`;
      }
      if (size + line.length + 1 > limit) {
        out.push(TRUNCATED_LINE);
        break;
      }
      out.push(line);
      size += line.length + 1;
      if (depth + 1 < MAX_DEPTH && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return out.join('\n');
        depth--;
      }
    }
    return out.join('\n');
  } finally {
    cursor.delete();
  }
}
