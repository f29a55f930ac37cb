import type { Node } from 'web-tree-sitter';
import type { SourceText } from './source-text.js';

/** Which optional sections the location report includes. */
export interface NodeInfoOptions {
  readonly includeAncestors: boolean;
  readonly includeChildren: boolean;
}

const TEXT_LIMIT = 80;
const ANCESTOR_LIMIT = 9;
const CHILD_LIMIT = 20;

function range(source: SourceText, node: Node): string {
  return `${source.position(node.startIndex)}-${source.position(node.endIndex)}`;
}

// At most 80 characters, newlines and carriage returns shown as \n and \r, a cut text
// ending in "...".
function shortText(text: string): string {
  const head = text
    .slice(0, TEXT_LIMIT * 2)
    .replaceAll('\\', '\\\\')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r');
  return head.length > TEXT_LIMIT || text.length > TEXT_LIMIT * 2
    ? `${head.slice(0, TEXT_LIMIT - 3)}...`
    : head;
}

// Scans the parent's children one by one: only for a node of zero width, which a cursor
// cannot reach by position.
function fieldByScan(parent: Node, node: Node): string | undefined {
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.id === node.id) return parent.fieldNameForChild(i) ?? undefined;
  }
  return undefined;
}

// A cursor goes straight to the child at the node's start, so a node among many siblings
// (an element of a long one-line array) costs no scan of the ones before it.
function fieldOf(node: Node): string | undefined {
  const parent = node.parent;
  if (parent === null) return undefined;
  const cursor = parent.walk();
  try {
    if (cursor.gotoFirstChildForIndex(node.startIndex) && cursor.nodeId === node.id) {
      return cursor.currentFieldName ?? undefined;
    }
  } finally {
    cursor.delete();
  }
  return fieldByScan(parent, node);
}

/** Renders the location report for the smallest node at `index`. */
export function formatNodeInfo(
  source: SourceText,
  root: Node,
  index: number,
  options: NodeInfoOptions,
): string {
  const node = root.descendantForIndex(index) ?? root;
  const lines = [
    `Node Type: ${node.type}`,
    `Range: ${range(source, node)}`,
    `Text: ${shortText(node.text)}`,
    `Named: ${node.isNamed ? 'yes' : 'no'}`,
  ];
  const field = fieldOf(node);
  if (field !== undefined) lines.push(`Field: ${field}`);
  if (options.includeAncestors) {
    lines.push('Ancestors:');
    let ancestor = node.parent;
    for (let level = 1; ancestor !== null && level <= ANCESTOR_LIMIT; level++) {
      lines.push(`  ${'-'.repeat(level)}[${level}] ${ancestor.type} (${range(source, ancestor)})`);
      ancestor = ancestor.parent;
    }
  }
  if (options.includeChildren) {
    lines.push('Children:');
    const count = node.childCount;
    if (count === 0) lines.push('  (no children)');
    for (let i = 0; i < Math.min(count, CHILD_LIMIT); i++) {
      const child = node.child(i) as Node;
      const named = child.isNamed ? ' (named)' : '';
      lines.push(`  [${i}] ${child.type}${named} (${range(source, child)})`);
    }
    if (count > CHILD_LIMIT) lines.push(`  ... and ${count - CHILD_LIMIT} more children`);
  }
  return lines.join('\n');
}
