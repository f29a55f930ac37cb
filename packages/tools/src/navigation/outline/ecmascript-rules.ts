import type { Node } from 'web-tree-sitter';
import { childByField, fieldName, fieldText } from './node-text.js';
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

/**
 * Definition kinds whose grammar gives them neither a body nor a value field (see each
 * grammar's node-types.json): nothing nests in them, so those fields are not looked up.
 */
export const TYPES_WITHOUT_BODY: ReadonlySet<string> = new Set([
  'function_signature',
  'method_signature',
  'abstract_method_signature',
  'property_signature',
]);

// Inside a function only what one of these opens is listed (see `mayDefineInFunction`). The
// arrow is looked for on its own: one regular expression with both scans several times slower.
const DEFINING_WORDS = /\b(?:function|class|interface|type|enum|namespace|module)\b/;

function describeVariable(node: Node, scope: Scope): Definition | undefined {
  const value = childByField(node, 'value');
  const type = value?.type;
  const kind =
    type === undefined
      ? undefined
      : FUNCTION_VALUES.has(type)
        ? 'Function'
        : CLASS_VALUES.has(type)
          ? 'Class'
          : undefined;
  // A plain variable inside a function is not listed, so its name is not read.
  if (kind === undefined && scope.inFunction) return undefined;
  const name = fieldName(node, 'name', scope.source);
  if (name === undefined) return undefined;
  if (kind === 'Function') return { kind, name, opensFunction: true, body: value };
  if (kind === 'Class') return { kind, name, body: value };
  return { kind: 'Variable', name, body: null };
}

function describe(node: Node, scope: Scope): Definition | undefined {
  if (scope.type === 'variable_declarator') return describeVariable(node, scope);
  const kind = KINDS[scope.type];
  if (kind === undefined) return undefined;
  // A namespace's name may be dotted (`A.B`); every other name here is one token.
  const name =
    kind === 'Namespace'
      ? fieldText(node, 'name')
      : (fieldName(node, 'name', scope.source) ?? fieldName(node, 'property', scope.source));
  if (name === undefined) return undefined;
  if (TYPES_WITHOUT_BODY.has(scope.type)) {
    return { kind, name, opensFunction: OPENS_FUNCTION.has(kind), body: null };
  }
  if (kind === 'Field') {
    // Of a value, only a function or class can hold nested definitions.
    const value = childByField(node, 'value');
    const type = value?.type;
    const opensFunction = type !== undefined && FUNCTION_VALUES.has(type);
    const body = opensFunction || (type !== undefined && CLASS_VALUES.has(type)) ? value : null;
    return { kind, name, opensFunction, body };
  }
  // A type alias holds members in its value (an object type), the rest in their body.
  const body = childByField(node, kind === 'Type' ? 'value' : 'body');
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
  // Inside a function, plain variables are not listed: a definition there is a function,
  // class, interface, type, enum, namespace or module declaration, or a variable holding a
  // function or class, and each has one of these words (an arrow function its `=>`).
  mayDefineInFunction: (text) => text.includes('=>') || DEFINING_WORDS.test(text),
};
