import type { Node, Tree } from 'web-tree-sitter';
import { CANDIDATE, COUNTED, DESCEND, rolesFor } from './roles.js';
import type { OutlineEntry, OutlineRules, Scope, Source } from './types.js';

/** An entered definition: what its children are filed under. */
interface Open {
  /** The category path of this entry's children. */
  readonly path: readonly string[];
  readonly inFunction: boolean;
}

/** Nodes being visited in order: a node's named children, or the one body entered alone. */
interface Frame {
  readonly nodes: readonly Node[];
  next: number;
  /** Named siblings (comments aside) before the next node, or -1 for a body entered alone. */
  counted: number;
  readonly open: Open | undefined;
}

// The index of a body entered alone, whose earlier siblings the walk did not visit.
function namedIndex(node: Node): number {
  let index = 0;
  for (let sibling = node.previousNamedSibling; sibling !== null; ) {
    if (sibling.type !== 'comment') index++;
    sibling = sibling.previousNamedSibling;
  }
  return index;
}

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

/**
 * Lists every definition the rules recognise in a tree of `text`, in file order. Each node
 * entered costs one call into wasm for all its named children, which come back as nodes, and
 * one per child for its type; a definition is entered through its body alone.
 */
export function collectOutline(tree: Tree, rules: OutlineRules, text: string): OutlineEntry[] {
  const roles = rolesFor(rules, tree.language);
  const source: Source = { text, clean: !tree.rootNode.hasError };
  const entries: OutlineEntry[] = [];
  const frames: Frame[] = [];
  let frame: Frame = { nodes: [tree.rootNode], next: 0, counted: 0, open: undefined };
  for (;;) {
    const node = frame.nodes[frame.next++];
    if (node === undefined) {
      const outer = frames.pop();
      if (outer === undefined) return entries;
      frame = outer;
      continue;
    }
    const id = node.typeId;
    const role = id < roles.byId.length ? (roles.byId[id] as number) : roles.other;
    const index = frame.counted;
    if ((role & COUNTED) !== 0 && index >= 0) frame.counted = index + 1;
    if ((role & (DESCEND | CANDIDATE)) === 0) continue;
    let open = frame.open;
    let enter = (role & DESCEND) !== 0;
    let body: Node | null | undefined;
    let opensFunction = false;
    if ((role & CANDIDATE) !== 0) {
      const parent = frame.open;
      const definition = rules.describe(
        node,
        scopeOf(node, roles.names[id] ?? 'ERROR', parent, index, source),
      );
      if (definition !== undefined) {
        const path =
          parent !== undefined
            ? parent.path
            : definition.kind === undefined
              ? []
              : [definition.kind];
        entries.push({ line: node.startPosition.row + 1, path, name: definition.name });
        open = {
          path: [...path, definition.name],
          inFunction: (parent?.inFunction ?? false) || definition.opensFunction === true,
        };
        body = definition.body;
        enter = body !== null;
        opensFunction = definition.opensFunction === true;
      }
    }
    if (!enter) continue;
    if (body !== undefined && body !== null) {
      const start = body.startIndex;
      const end = body.endIndex;
      if (end > start) {
        // A function's body is judged by its text: a class or interface in it, whose members
        // are listed, is in that text with its keyword. (Their own bodies are not judged.)
        if (opensFunction && !bodyMayDefine(rules, text, start, end, body)) continue;
        frames.push(frame);
        frame = { nodes: [body], next: 0, counted: -1, open };
        continue;
      }
    }
    const nodes = node.namedChildren;
    if (nodes.length === 0) continue;
    frames.push(frame);
    frame = { nodes, next: 0, counted: 0, open };
  }
}

// Only a body without syntax errors is judged by its text: every token in it is in the text.
function bodyMayDefine(
  rules: OutlineRules,
  text: string,
  start: number,
  end: number,
  body: Node,
): boolean {
  if (rules.mayDefineInFunction === undefined) return true;
  return rules.mayDefineInFunction(text.slice(start, end)) || body.hasError;
}
