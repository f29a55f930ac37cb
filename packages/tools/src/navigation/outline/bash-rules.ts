import type { Node } from 'web-tree-sitter';
import { fieldText } from './node-text.js';
import type { Definition, OutlineRules, Scope } from './types.js';

function describe(node: Node, scope: Scope): Definition | undefined {
  const name = fieldText(node, 'name');
  if (name === undefined) return undefined;
  if (node.type === 'function_definition') return { kind: 'Function', name, opensFunction: true };
  return scope.inFunction ? undefined : { kind: 'Variable', name };
}

/** Outline rules for Bash: functions at any depth and top-level variables. */
export const bashRules: OutlineRules = {
  candidates: new Set(['function_definition', 'variable_assignment']),
  descend: new Set(['program', 'declaration_command', 'compound_statement']),
  describe,
};
