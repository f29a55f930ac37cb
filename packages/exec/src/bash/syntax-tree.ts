import type { Language, Tree, TreeCursor } from 'web-tree-sitter';

/** A plain copy of one tree-sitter node, so analysis never crosses into wasm again. */
export interface SyntaxNode {
  readonly type: string;
  readonly named: boolean;
  /** UTF-16 offsets into the source; -1 for anonymous tokens, whose text is their type. */
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

const namedByLanguage = new WeakMap<Language, boolean[]>();

function namedTable(language: Language): boolean[] {
  let table = namedByLanguage.get(language);
  if (!table) {
    table = language.types.map((_, id) => language.nodeTypeIsNamed(id));
    namedByLanguage.set(language, table);
  }
  return table;
}

/** The body of a redirected_statement: its one child that is not a redirect. */
export function bodyOf(node: SyntaxNode): SyntaxNode | undefined {
  return node.children.find(
    (child) => child.named && !child.type.endsWith('_redirect') && child.type !== 'comment',
  );
}

// Each cursor getter is a call into wasm, so the copy reads only the type id
// and, for named nodes, the offsets; names come from per-language tables.
/** Copies a tree-sitter tree into plain objects with one iterative cursor walk. */
export function copySyntaxTree(tree: Tree): SyntaxTree {
  const cursor: TreeCursor = tree.walk();
  const types = tree.language.types;
  const named = namedTable(tree.language);
  const copyCurrent = (): SyntaxNode => {
    const id = cursor.nodeTypeId;
    const isNamed = named[id] === true || id === 65535;
    return {
      type: types[id] ?? 'ERROR',
      named: isNamed,
      start: isNamed ? cursor.startIndex : -1,
      end: isNamed ? cursor.endIndex : -1,
      children: [],
    };
  };
  let truncated = false;
  try {
    const root = copyCurrent();
    const path: SyntaxNode[] = [root];
    for (;;) {
      // Anonymous nodes are grammar tokens and never have children.
      const current = path[path.length - 1];
      if (current?.named && path.length < maximumDepth && cursor.gotoFirstChild()) {
        const child = copyCurrent();
        current.children.push(child);
        path.push(child);
        continue;
      }
      if (current?.named && path.length >= maximumDepth && cursor.gotoFirstChild()) {
        truncated = true;
        cursor.gotoParent();
      }
      for (;;) {
        if (path.length === 1) return { root, hasError: tree.rootNode.hasError, truncated };
        path.pop();
        if (cursor.gotoNextSibling()) {
          const sibling = copyCurrent();
          path[path.length - 1]?.children.push(sibling);
          path.push(sibling);
          break;
        }
        cursor.gotoParent();
      }
    }
  } finally {
    cursor.delete();
  }
}
