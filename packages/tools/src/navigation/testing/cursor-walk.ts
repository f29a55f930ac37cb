import type { Language, Node, Tree, TreeCursor } from 'web-tree-sitter';
import type { OutlineEntry, OutlineRules, Scope, Source } from '../outline/types.js';

// The outline walk as it was before `collectOutline` read whole child lists: a tree cursor that
// asks wasm for each node's type and each move. Kept as the reference the tests compare the
// current walk with, over real and generated sources of every language.

interface Open {
  readonly depth: number;
  /** The category path of this entry's children. */
  readonly path: readonly string[];
  readonly inFunction: boolean;
}

const DESCEND = 1;
const CANDIDATE = 2;
/** A named node other than a comment: one that counts towards its siblings' `index`. */
const COUNTED = 4;

/** What the rules do with each node type, indexed by the parser's numeric type id. */
interface Roles {
  readonly byId: Uint8Array;
  /** The role of ids past the table: the parser's error symbol, named `ERROR`. */
  readonly other: number;
  readonly names: readonly string[];
}

const rolesByRules = new WeakMap<OutlineRules, WeakMap<Language, Roles>>();

function roleOf(rules: OutlineRules, type: string, named: boolean): number {
  return (
    (rules.descend.has(type) ? DESCEND : 0) |
    (rules.candidates.has(type) ? CANDIDATE : 0) |
    (named && type !== 'comment' ? COUNTED : 0)
  );
}

// Asking the parser for a node's numeric type is one call; its name would be the same call
// plus a lookup, so the walk reads roles from a table built once per language and rules.
function rolesFor(rules: OutlineRules, language: Language): Roles {
  let byLanguage = rolesByRules.get(rules);
  if (byLanguage === undefined) {
    byLanguage = new WeakMap();
    rolesByRules.set(rules, byLanguage);
  }
  let roles = byLanguage.get(language);
  if (roles === undefined) {
    // The list has holes for hidden symbols; a node's type name falls back to `ERROR`.
    const names = Array.from(language.types, (type) => type || 'ERROR');
    roles = {
      byId: Uint8Array.from(names, (type, id) => roleOf(rules, type, language.nodeTypeIsNamed(id))),
      other: roleOf(rules, 'ERROR', true),
      names,
    };
    byLanguage.set(language, roles);
  }
  return roles;
}

// Moves from a definition to its child `body`: true when the cursor stands on it. A body
// the cursor cannot land on by position (one of zero width) is reported as not reached.
function gotoBody(cursor: TreeCursor, body: Node): boolean {
  if (!cursor.gotoFirstChildForIndex(body.startIndex)) return false;
  if (cursor.nodeId === body.id) return true;
  cursor.gotoParent();
  return false;
}

// The index of a node the walk reached as a definition's body, whose earlier siblings it
// did not visit.
function namedIndex(node: Node): number {
  let index = 0;
  for (let sibling = node.previousNamedSibling; sibling !== null; ) {
    if (sibling.type !== 'comment') index++;
    sibling = sibling.previousNamedSibling;
  }
  return index;
}

// Names are read from the tree here (`clean: false`), as they were before.
function scopeOf(
  node: Node,
  type: string,
  parent: Open | undefined,
  index: number,
  source: Source,
): Scope {
  const inFunction = parent?.inFunction ?? false;
  const nested = parent !== undefined;
  if (index >= 0) return { type, inFunction, nested, index, source };
  return {
    type,
    inFunction,
    nested,
    source,
    get index() {
      return namedIndex(node);
    },
  };
}

/** Walks a tree with a cursor and lists every definition the rules recognise, in file order. */
export function collectOutlineByCursor(
  tree: Tree,
  rules: OutlineRules,
  text: string,
): OutlineEntry[] {
  const roles = rolesFor(rules, tree.language);
  const source: Source = { text, clean: false };
  const entries: OutlineEntry[] = [];
  const open: Open[] = [];
  // Per depth: whether the walk entered only a definition's body there, so it goes back up
  // afterwards instead of on to the body's siblings.
  const bodyOnly: boolean[] = [false];
  // Per depth: how many named siblings (comments aside) came before the current node, or -1
  // where the walk entered only a body and so did not see them.
  const counted: number[] = [0];
  const cursor = tree.walk();
  try {
    let depth = 0;
    for (;;) {
      while (open.length > 0 && (open[open.length - 1] as Open).depth >= depth) open.pop();
      const id = cursor.nodeTypeId;
      const role = id < roles.byId.length ? (roles.byId[id] as number) : roles.other;
      let enter = (role & DESCEND) !== 0;
      let body: Node | null | undefined;
      if ((role & CANDIDATE) !== 0) {
        const node = cursor.currentNode;
        const parent = open[open.length - 1];
        const definition = rules.describe(
          node,
          scopeOf(node, roles.names[id] ?? 'ERROR', parent, counted[depth] as number, source),
        );
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
          body = definition.body;
          enter = body !== null;
        }
      }
      if ((role & COUNTED) !== 0 && (counted[depth] as number) >= 0) {
        counted[depth] = (counted[depth] as number) + 1;
      }
      if (enter) {
        const only = body !== undefined && body !== null && gotoBody(cursor, body);
        if (only || cursor.gotoFirstChild()) {
          depth++;
          bodyOnly[depth] = only;
          counted[depth] = only ? -1 : 0;
          continue;
        }
      }
      for (;;) {
        if (depth === 0) return entries;
        if (!bodyOnly[depth] && cursor.gotoNextSibling()) break;
        cursor.gotoParent();
        depth--;
      }
    }
  } finally {
    cursor.delete();
  }
}
