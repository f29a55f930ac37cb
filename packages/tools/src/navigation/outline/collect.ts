import type { Tree } from 'web-tree-sitter';
import type { OutlineEntry, OutlineRules } from './types.js';

interface Open {
  readonly depth: number;
  /** The category path of this entry's children. */
  readonly path: readonly string[];
  readonly inFunction: boolean;
}

/** Walks a tree with a cursor and lists every definition the rules recognise, in file order. */
export function collectOutline(tree: Tree, rules: OutlineRules): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const open: Open[] = [];
  const cursor = tree.walk();
  try {
    let depth = 0;
    for (;;) {
      while (open.length > 0 && (open[open.length - 1] as Open).depth >= depth) open.pop();
      const type = cursor.nodeType;
      let enter = rules.descend.has(type);
      if (rules.candidates.has(type)) {
        const node = cursor.currentNode;
        const parent = open[open.length - 1];
        const definition = rules.describe(node, {
          inFunction: parent?.inFunction ?? false,
          nested: parent !== undefined,
        });
        if (definition !== undefined) {
          const path =
            parent !== undefined
              ? parent.path
              : definition.kind === undefined
                ? []
                : [definition.kind];
          entries.push({ line: node.startPosition.row + 1, path, name: definition.name });
          open.push({
            depth,
            path: [...path, definition.name],
            inFunction: (parent?.inFunction ?? false) || definition.opensFunction === true,
          });
          enter = true;
        }
      }
      if (enter && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return entries;
        depth--;
      }
    }
  } finally {
    cursor.delete();
  }
}
