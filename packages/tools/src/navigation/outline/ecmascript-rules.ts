import type { Node } from 'web-tree-sitter';
import { fieldText } from './node-text.js';
import type { Definition, OutlineRules, Scope } from './types.js';

const FUNCTION_VALUES = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
]);
const CLASS_VALUES = new Set(['class']);

const KINDS: Readonly<Record<string, string>> = {
  class_declaration: 'Class',
  abstract_class_declaration: 'Class',
  class: 'Class',
  function_declaration: 'Function',
  generator_function_declaration: 'Function',
  function_signature: 'Function',
  method_definition: 'Method',
  method_signature: 'Method',
  abstract_method_signature: 'Method',
  interface_declaration: 'Interface',
  type_alias_declaration: 'Type',
  enum_declaration: 'Enum',
  internal_module: 'Namespace',
  module: 'Namespace',
  public_field_definition: 'Field',
  field_definition: 'Field',
  property_signature: 'Field',
};

const OPENS_FUNCTION = new Set(['Function', 'Method']);

function describeVariable(node: Node, scope: Scope): Definition | undefined {
  const name = fieldText(node, 'name');
  if (name === undefined) return undefined;
  const value = node.childForFieldName('value');
  const type = value?.type;
  if (type !== undefined && FUNCTION_VALUES.has(type)) {
    return { kind: 'Function', name, opensFunction: true, body: value };
  }
  if (type !== undefined && CLASS_VALUES.has(type)) return { kind: 'Class', name, body: value };
  return scope.inFunction ? undefined : { kind: 'Variable', name, body: null };
}

function describe(node: Node, scope: Scope): Definition | undefined {
  if (scope.type === 'variable_declarator') return describeVariable(node, scope);
  const kind = KINDS[scope.type];
  if (kind === undefined) return undefined;
  const name = fieldText(node, 'name') ?? fieldText(node, 'property');
  if (name === undefined) return undefined;
  if (kind === 'Field') {
    // Of a value, only a function or class can hold nested definitions.
    const value = node.childForFieldName('value');
    const type = value?.type;
    const opensFunction = type !== undefined && FUNCTION_VALUES.has(type);
    const body = opensFunction || (type !== undefined && CLASS_VALUES.has(type)) ? value : null;
    return { kind, name, opensFunction, body };
  }
  // A type alias holds members in its value (an object type), the rest in their body.
  const body = node.childForFieldName(kind === 'Type' ? 'value' : 'body');
  return { kind, name, opensFunction: OPENS_FUNCTION.has(kind), body };
}

/** Outline rules for JavaScript, TypeScript and TSX. */
export const ecmascriptRules: OutlineRules = {
  candidates: new Set([...Object.keys(KINDS), 'variable_declarator']),
  descend: new Set([
    'program',
    'export_statement',
    'class_body',
    'interface_body',
    'object_type',
    'statement_block',
    'lexical_declaration',
    'variable_declaration',
    'ambient_declaration',
    'expression_statement',
    'class',
    ...FUNCTION_VALUES,
  ]),
  describe,
};
