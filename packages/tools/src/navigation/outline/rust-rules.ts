import type { Node } from 'web-tree-sitter';
import { fieldText } from './node-text.js';
import type { Definition, OutlineRules } from './types.js';

const KINDS: Readonly<Record<string, string>> = {
  function_item: 'Function',
  function_signature_item: 'Function',
  struct_item: 'Struct',
  enum_item: 'Enum',
  union_item: 'Union',
  trait_item: 'Trait',
  mod_item: 'Module',
  const_item: 'Constant',
  static_item: 'Static',
  type_item: 'Type',
  macro_definition: 'Macro',
  field_declaration: 'Field',
  enum_variant: 'Variant',
};

function describe(node: Node): Definition | undefined {
  if (node.type === 'impl_item') {
    const type = fieldText(node, 'type');
    if (type === undefined) return undefined;
    const trait = fieldText(node, 'trait');
    return { kind: 'Impl', name: trait === undefined ? type : `${trait} for ${type}` };
  }
  const kind = KINDS[node.type];
  const name = fieldText(node, 'name');
  if (kind === undefined || name === undefined) return undefined;
  return { kind, name, opensFunction: kind === 'Function' };
}

/** Outline rules for Rust. */
export const rustRules: OutlineRules = {
  candidates: new Set([...Object.keys(KINDS), 'impl_item']),
  descend: new Set([
    'source_file',
    'declaration_list',
    'field_declaration_list',
    'enum_variant_list',
  ]),
  describe,
};
