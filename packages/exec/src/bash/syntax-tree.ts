import type { Tree, TreeCursor } from 'web-tree-sitter';

/** A plain copy of one tree-sitter node, so analysis never crosses into wasm again. */
export interface SyntaxNode {
  readonly type: string;
  readonly named: boolean;
  readonly field: string | null;
  readonly start: number;
  readonly end: number;
  readonly children: SyntaxNode[];
}

/** The plain tree of a parse and whether it is complete and error-free. */
export interface SyntaxTree {
  readonly root: SyntaxNode;
  readonly hasError: boolean;
  /** True when nesting exceeded the copy limit and deeper nodes were dropped. */
  readonly truncated: boolean;
}

// Analysis recurses over the copy; bounding depth keeps it far from the host
// stack limit for adversarial input such as thousands of nested subshells.
const maximumDepth = 256;

function copyCurrent(cursor: TreeCursor): SyntaxNode {
  return {
    type: cursor.nodeType,
    named: cursor.nodeIsNamed,
    field: cursor.currentFieldName,
    start: cursor.startIndex,
    end: cursor.endIndex,
    children: [],
  };
}

// One cursor pass is far cheaper than materialising web-tree-sitter Node
// objects, which each cost several calls into wasm.
/** Copies a tree-sitter tree into plain objects with one iterative cursor walk. */
export function copySyntaxTree(tree: Tree): SyntaxTree {
  const cursor = tree.walk();
  let hasError = tree.rootNode.hasError;
  let truncated = false;
  try {
    const root = copyCurrent(cursor);
    const path: SyntaxNode[] = [root];
    for (;;) {
      if (path.length < maximumDepth && cursor.gotoFirstChild()) {
        const child = copyCurrent(cursor);
        path[path.length - 1]?.children.push(child);
        path.push(child);
      } else {
        if (path.length >= maximumDepth && cursor.gotoFirstChild()) {
          truncated = true;
          cursor.gotoParent();
        }
        for (;;) {
          if (path.length === 1) return { root, hasError, truncated };
          path.pop();
          if (cursor.gotoNextSibling()) {
            const sibling = copyCurrent(cursor);
            path[path.length - 1]?.children.push(sibling);
            path.push(sibling);
            break;
          }
          cursor.gotoParent();
        }
      }
      const current = path[path.length - 1];
      if (current?.type === 'ERROR' || cursor.nodeIsMissing) hasError = true;
    }
  } finally {
    cursor.delete();
  }
}
