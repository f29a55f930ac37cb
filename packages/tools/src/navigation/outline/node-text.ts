import type { Node } from 'web-tree-sitter';

/** The text of a node's field, with runs of whitespace collapsed; undefined when absent. */
export function fieldText(node: Node, field: string): string | undefined {
  const child = node.childForFieldName(field);
  return child === null ? undefined : collapse(child.text);
}

/** Collapses runs of whitespace to single spaces and trims the ends. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
