import type { Node } from 'web-tree-sitter';
import { collapse, fieldText } from './node-text.js';
import type { Definition, OutlineRules } from './types.js';

function receiverType(node: Node): string {
  const receiver = node.childForFieldName('receiver');
  const parameter = receiver?.namedChildren.find(
    (child) => child?.type === 'parameter_declaration',
  );
  const type = parameter?.childForFieldName('type')?.text ?? '';
  return collapse(type.replace(/^\*/, '').replace(/\[.*$/s, ''));
}

function typeKind(node: Node): string {
  const type = node.childForFieldName('type')?.type;
  if (type === 'struct_type') return 'Struct';
  if (type === 'interface_type') return 'Interface';
  return 'Type';
}

function names(node: Node): string | undefined {
  const found = node.childrenForFieldName('name').map((child) => child?.text ?? '');
  return found.length === 0 ? undefined : found.join(', ');
}

function describe(node: Node): Definition | undefined {
  switch (node.type) {
    case 'method_declaration': {
      const name = fieldText(node, 'name');
      if (name === undefined) return undefined;
      const receiver = receiverType(node);
      return {
        kind: 'Method',
        name: receiver === '' ? name : `${receiver}.${name}`,
        opensFunction: true,
      };
    }
    case 'type_spec':
    case 'type_alias': {
      const name = fieldText(node, 'name');
      return name === undefined ? undefined : { kind: typeKind(node), name };
    }
    case 'const_spec':
    case 'var_spec': {
      const name = names(node);
      const kind = node.type === 'const_spec' ? 'Constant' : 'Variable';
      return name === undefined ? undefined : { kind, name };
    }
    default: {
      const name = node.type === 'field_declaration' ? names(node) : fieldText(node, 'name');
      if (name === undefined) return undefined;
      return { kind: node.type === 'function_declaration' ? 'Function' : 'Field', name };
    }
  }
}

/** Outline rules for Go. */
export const goRules: OutlineRules = {
  candidates: new Set([
    'function_declaration',
    'method_declaration',
    'type_spec',
    'type_alias',
    'const_spec',
    'var_spec',
    'field_declaration',
    'method_elem',
  ]),
  descend: new Set([
    'source_file',
    'type_declaration',
    'const_declaration',
    'var_declaration',
    'var_spec_list',
    'struct_type',
    'field_declaration_list',
    'interface_type',
  ]),
  describe,
};
