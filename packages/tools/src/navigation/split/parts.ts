import type { Parser, Range, Tree } from 'web-tree-sitter';
import type { LanguageSpec } from '../languages.js';
import { collectOutline } from '../outline/collect.js';
import { RULES } from '../outline/rules-for.js';
import type { OutlineEntry } from '../outline/types.js';

/** Parses only `range` of `text`; the tree's positions are whole-file ones. */
export function parsePart(parser: Parser, spec: LanguageSpec, text: string, range: Range): Tree {
  const tree = parser.parse(text, null, { includedRanges: [range] });
  if (tree === null) throw new Error(`the ${spec.id} parser returned no tree`);
  return tree;
}

/** The outline entries of a part's tree of `text`, or `null` when the part has a syntax error. */
export function partEntries(tree: Tree, spec: LanguageSpec, text: string): OutlineEntry[] | null {
  if (tree.rootNode.hasError) return null;
  return collectOutline(tree, RULES[spec.id], text);
}
