import type {
  BashBackgroundUse,
  BashCompound,
  BashExpansion,
  BashPipeline,
  BashRedirection,
  BashSimpleCommand,
  BashSubstitution,
  BashWord,
} from './analysis-types.js';
import { resolveRedirection } from './redirections.js';
import { bodyOf, type SyntaxNode } from './syntax-tree.js';
import { resolveWord, type WordSink } from './words.js';

/** Everything one walk over a syntax tree found, before classification. */
export interface Collected {
  readonly commands: BashSimpleCommand[];
  readonly pipelines: BashPipeline[];
  readonly operators: ('&&' | '||' | ';' | '&')[];
  readonly redirections: BashRedirection[];
  readonly expansions: BashExpansion[];
  readonly substitutions: BashSubstitution[];
  readonly compounds: BashCompound[];
  readonly background: BashBackgroundUse[];
  /** Node types seen anywhere, for eligibility checks that decline whole constructs. */
  readonly nodeTypes: Set<string>;
  /** True when the tree is known to disagree with bash, as for a mis-terminated heredoc. */
  malformed: boolean;
  /** Names assigned by `for NAME in …` loops. */
  readonly loopVariables: string[];
}

const redirectTypes = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
const listOperators = new Set(['&&', '||', ';', '&']);
const compoundKinds: Record<string, string> = {
  for_statement: 'for',
  c_style_for_statement: 'c-style-for',
  while_statement: 'while',
  if_statement: 'if',
  case_statement: 'case',
  subshell: 'subshell',
  compound_statement: 'group',
  function_definition: 'function',
  test_command: 'test',
  negated_command: 'negation',
};

/** Walks a syntax tree and collects commands, pipelines, redirections, expansions and substitutions. */
export function collect(root: SyntaxNode, source: string): Collected {
  const found: Collected = {
    commands: [],
    pipelines: [],
    operators: [],
    redirections: [],
    expansions: [],
    substitutions: [],
    compounds: [],
    background: [],
    nodeTypes: new Set(),
    malformed: false,
    loopVariables: [],
  };
  let substitutionDepth = 0;
  const text = (node: SyntaxNode) => source.slice(node.start, node.end);

  const sink: WordSink = {
    expansion(kind, node) {
      found.expansions.push({ kind, text: text(node) });
    },
    substitution(kind, node) {
      found.nodeTypes.add(node.type);
      found.substitutions.push({ kind, text: text(node) });
      substitutionDepth += 1;
      for (const child of node.children) visit(child);
      substitutionDepth -= 1;
    },
  };
  const word = (node: SyntaxNode): BashWord => resolveWord(node, source, sink);
  const assignment = (node: SyntaxNode): BashWord => {
    let name: string | null = null;
    let value: BashWord | null = null;
    const [target, assigned] = node.children.filter((child) => child.named);
    if (target) found.nodeTypes.add(target.type);
    if (target?.type === 'variable_name') name = text(target);
    if (assigned) {
      found.nodeTypes.add(assigned.type);
      value = word(assigned);
    }
    const operator = /^[A-Za-z0-9_]*(\+?=)/.exec(text(node))?.[1] ?? '=';
    const literal = name !== null && (value === null || value.value !== null);
    return {
      text: text(node),
      value: literal ? `${name}${operator}${value?.value ?? ''}` : null,
      dynamic: !literal,
    };
  };

  const redirect = (
    node: SyntaxNode,
    command: { arguments: BashWord[]; redirections: BashRedirection[] } | null,
  ) => {
    const resolved = resolveRedirection(node, source, sink);
    found.redirections.push(resolved.redirection);
    if (!resolved.wellFormed) found.malformed = true;
    command?.redirections.push(resolved.redirection);
    if (command) command.arguments.push(...resolved.strayWords);
    else if (resolved.strayWords.length > 0) found.nodeTypes.add('stray-redirect-words');
    for (const statement of resolved.nestedStatements) {
      found.nodeTypes.add('heredoc-statement');
      visit(statement);
    }
  };

  const simpleCommand = (node: SyntaxNode, outer: SyntaxNode[]): void => {
    const assignments: BashWord[] = [];
    const args: BashWord[] = [];
    const redirections: BashRedirection[] = [];
    let executable: BashWord | null = null;
    const command = { arguments: args, redirections };
    for (const child of node.children) {
      if (child.type === 'variable_assignment') assignments.push(assignment(child));
      else if (child.type === 'command_name') executable = word(child.children[0] ?? child);
      else if (redirectTypes.has(child.type)) redirect(child, command);
      else if (child.named && child.type !== 'comment') args.push(word(child));
    }
    for (const outerRedirect of outer) redirect(outerRedirect, command);
    // tree-sitter reads some assignments (`_=1`) as a command name; bash does not.
    while (executable !== null && /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(executable.text)) {
      assignments.push(executable);
      executable = args.shift() ?? null;
    }
    if (
      executable !== null &&
      (executable.value === 'disown' ||
        executable.value === 'coproc' ||
        executable.value === 'setsid')
    ) {
      found.background.push({ kind: executable.value, text: text(node) });
    }
    found.commands.push({
      text: text(node),
      start: node.start,
      end: node.end,
      assignments,
      executable,
      arguments: args,
      redirections,
      substituted: substitutionDepth > 0,
    });
  };

  const visit = (node: SyntaxNode): void => {
    if (!node.named) {
      if (listOperators.has(node.type)) found.operators.push(node.type as '&&' | '||' | ';' | '&');
      if (node.type === '&') found.background.push({ kind: 'ampersand', text: '&' });
      return;
    }
    found.nodeTypes.add(node.type);
    const compound = compoundKinds[node.type];
    if (compound !== undefined) found.compounds.push({ kind: compound, text: text(node) });
    switch (node.type) {
      case 'command':
        simpleCommand(node, []);
        return;
      case 'redirected_statement': {
        const body = bodyOf(node);
        const redirects = node.children.filter((child) => redirectTypes.has(child.type));
        if (body?.type === 'command') {
          found.nodeTypes.add(body.type);
          simpleCommand(body, redirects);
        } else {
          if (body) visit(body);
          for (const child of redirects) redirect(child, null);
        }
        for (const child of node.children) {
          if (child !== body && !redirectTypes.has(child.type)) visit(child);
        }
        return;
      }
      case 'for_statement': {
        const variable = node.children.find((child) => child.type === 'variable_name');
        if (variable) found.loopVariables.push(text(variable));
        break;
      }
      case 'pipeline':
        found.pipelines.push({
          text: text(node),
          start: node.start,
          end: node.end,
          stages: node.children.filter((child) => child.named).map(text),
        });
        break;
      case 'variable_assignment':
      case 'variable_assignments':
      case 'declaration_command':
      case 'unset_command':
        pseudoCommand(node);
        return;
      case 'file_redirect':
      case 'heredoc_redirect':
      case 'herestring_redirect':
        redirect(node, null);
        return;
      case 'word':
      case 'number':
      case 'string':
      case 'raw_string':
      case 'ansi_c_string':
      case 'concatenation':
      case 'simple_expansion':
      case 'expansion':
      case 'command_substitution':
      case 'process_substitution':
      case 'arithmetic_expansion':
      case 'brace_expression':
        word(node);
        return;
      default:
        break;
    }
    for (const child of node.children) visit(child);
  };

  // Assignments and declaration builtins are recorded as commands so that rules
  // about variable targets and executables see them in one place.
  const pseudoCommand = (node: SyntaxNode): void => {
    const parts = node.type === 'variable_assignments' ? node.children : [node];
    for (const part of parts) {
      if (!part.named) continue;
      const isDeclaration = part.type === 'declaration_command' || part.type === 'unset_command';
      const keyword = isDeclaration ? (/^\S+/.exec(text(part))?.[0] ?? '') : null;
      const assignments: BashWord[] = [];
      const args: BashWord[] = [];
      for (const child of isDeclaration ? part.children : [part]) {
        if (child.named) found.nodeTypes.add(child.type);
        if (child.type === 'variable_assignment') {
          (isDeclaration ? args : assignments).push(assignment(child));
        } else if (child.named) {
          args.push(word(child));
        }
      }
      found.commands.push({
        text: text(part),
        start: part.start,
        end: part.end,
        assignments,
        executable: keyword === null ? null : { text: keyword, value: keyword, dynamic: false },
        arguments: args,
        redirections: [],
        substituted: substitutionDepth > 0,
      });
    }
  };

  visit(root);
  return found;
}
