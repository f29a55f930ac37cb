import type { Node } from 'web-tree-sitter';
import { fieldText } from './node-text.js';
import type { Definition, OutlineRules, Scope } from './types.js';

function describe(node: Node, scope: Scope): Definition | undefined {
  if (node.type === 'assignment') {
    const left = node.childForFieldName('left');
    if (scope.inFunction || left === null || left.type !== 'identifier') return undefined;
    return { kind: 'Variable', name: left.text };
  }
  const name = fieldText(node, 'name');
  if (name === undefined) return undefined;
  if (node.type === 'class_definition') return { kind: 'Class', name };
  return { kind: 'Function', name, opensFunction: true };
}

/** Outline rules for Python. */
export const pythonRules: OutlineRules = {
  candidates: new Set(['class_definition', 'function_definition', 'assignment']),
  descend: new Set([
    'module',
    'block',
    'decorated_definition',
    'expression_statement',
    'if_statement',
    'elif_clause',
    'else_clause',
    'try_statement',
    'except_clause',
    'finally_clause',
    'with_statement',
  ]),
  describe,
};
