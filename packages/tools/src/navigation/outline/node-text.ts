import type { Language, Node } from 'web-tree-sitter';
import type { Source } from './types.js';

const fieldIds = new WeakMap<Language, Map<string, number | null>>();

/**
 * A node's child in `field`, or null. The parser wants a field's number: asking by name
 * looks the name up in the language's list on every call, so the numbers are kept here.
 */
export function childByField(node: Node, field: string): Node | null {
  const language = node.tree.language;
  let ids = fieldIds.get(language);
  if (ids === undefined) {
    ids = new Map();
    fieldIds.set(language, ids);
  }
  let id = ids.get(field);
  if (id === undefined) {
    id = language.fieldIdForName(field);
    ids.set(field, id);
  }
  return id === null ? null : node.childForFieldId(id);
}

// An ASCII identifier, and the characters that could go on to make it a longer one.
const IDENTIFIER = /[A-Za-z_$][\w$]*/y;
const BACKSLASH = 92;

/** The text of a node's field, with runs of whitespace collapsed; undefined when absent. */
export function fieldText(node: Node, field: string): string | undefined {
  const child = childByField(node, field);
  return child === null ? undefined : collapse(child.text);
}

/** Collapses runs of whitespace to single spaces and trims the ends. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The text of a node's field that names it, read straight from the source when the name is an
 * ASCII identifier: one token, which ends where the run of identifier characters ends. That
 * saves asking wasm where the node ends. Anything else (a string, a number, a computed name, a
 * Unicode or escaped identifier, any name in a tree with syntax errors) is read as `fieldText`
 * does. Not for a field that can hold a name of several tokens starting with an identifier,
 * such as a dotted namespace name.
 */
export function fieldName(node: Node, field: string, source: Source): string | undefined {
  const child = childByField(node, field);
  if (child === null) return undefined;
  if (source.clean) {
    IDENTIFIER.lastIndex = child.startIndex;
    if (IDENTIFIER.test(source.text)) {
      const end = IDENTIFIER.lastIndex;
      const next = source.text.charCodeAt(end);
      if (!(next >= 0x80 || next === BACKSLASH)) return source.text.slice(child.startIndex, end);
    }
  }
  return collapse(child.text);
}
