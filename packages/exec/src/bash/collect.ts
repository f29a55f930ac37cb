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
import { resolveWord, unquotedWordKinds, type WordSink } from './words.js';

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
  /** `[ … ]`, `[[ … ]]`, `(( … ))` and `for (( … ))` headers: tests and arithmetic the grammar keeps apart from commands. */
  readonly evaluations: {
    readonly kind: '[' | '[[' | '((';
    readonly text: string;
    readonly start: number;
  }[];
  /** Redirections of compound statements (`{ ls; } > out`), which no simple command carries. */
  readonly detachedRedirections: {
    readonly redirection: BashRedirection;
    readonly start: number;
  }[];
  /** Names of functions the source defines. */
  readonly functions: Set<string>;
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
    evaluations: [],
    detachedRedirections: [],
    functions: new Set(),
  };
  let substitutionDepth = 0;
  const joinedAt = new Set<number>();
  const text = (node: SyntaxNode) => source.slice(node.start, node.end);

  const sink: WordSink = {
    malformed() {
      found.malformed = true;
    },
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
    if (!command)
      found.detachedRedirections.push({ redirection: resolved.redirection, start: node.start });
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
    let previous: PendingWord | null = null;
    for (const child of node.children) {
      const wordNode =
        child.type === 'command_name' ? (child.children[0] ?? child) : child.named ? child : null;
      const isWord =
        child.type === 'command_name' ||
        (child.named &&
          child.type !== 'comment' &&
          child.type !== 'variable_assignment' &&
          !redirectTypes.has(child.type));
      // Bash removes a backslash-newline before it splits words, so `-del\⏎ete` is one word.
      if (isWord && wordNode && previous && continuationOnly(source, previous.end, child.start)) {
        const skeleton: string = previous.skeleton + skeletonOf(wordNode, source);
        const joined = joinWords(source, previous.word, word(wordNode), {
          start: previous.start,
          end: child.end,
          skeleton,
        });
        joinedAt.add(previous.end);
        if (previous.into === 'executable') executable = joined;
        else args[args.length - 1] = joined;
        previous = {
          start: previous.start,
          end: child.end,
          word: joined,
          skeleton,
          into: previous.into,
        };
        continue;
      }
      previous = null;
      if (child.type === 'variable_assignment') assignments.push(assignment(child));
      else if (isWord && wordNode) {
        const resolved = word(wordNode);
        if (child.type === 'command_name') executable = resolved;
        else args.push(resolved);
        previous = {
          start: child.start,
          end: child.end,
          word: resolved,
          skeleton: skeletonOf(wordNode, source),
          into: child.type === 'command_name' ? 'executable' : 'argument',
        };
      } else if (redirectTypes.has(child.type)) redirect(child, command);
    }
    for (const outerRedirect of outer) redirect(outerRedirect, command);
    if (hasHiddenText(node, source)) found.malformed = true;
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

  const visit = (node: SyntaxNode, parent?: SyntaxNode): void => {
    if (!node.named) {
      // `&` inside arithmetic (`((1 & 2))`) is bitwise and, not a list operator.
      if (parent && arithmeticTypes.has(parent.type)) return;
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
      case 'test_command':
        found.evaluations.push({
          kind: text(node).startsWith('[[') ? '[[' : text(node).startsWith('((') ? '((' : '[',
          text: text(node),
          start: node.start,
        });
        break;
      case 'compound_statement':
        if (text(node).startsWith('((')) {
          found.evaluations.push({ kind: '((', text: text(node), start: node.start });
        }
        break;
      case 'c_style_for_statement': {
        const header = /^for\s*\(\([\s\S]*?\)\)/.exec(text(node))?.[0] ?? text(node);
        found.evaluations.push({ kind: '((', text: header, start: node.start });
        break;
      }
      case 'function_definition': {
        const name = node.children.find((child) => child.type === 'word');
        if (name) found.functions.add(text(name));
        break;
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
    for (const child of node.children) visit(child, node);
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
  if (hasUnjoinedContinuation(root, source, joinedAt)) found.malformed = true;
  return found;
}

const quotedTypes = new Set([
  'string',
  'raw_string',
  'ansi_c_string',
  'heredoc_body',
  'heredoc_content',
  'comment',
]);
const wordCharacter = /[^\s;&|()<>]/;

// A continuation between two word characters joins them in bash; if the walk did not join
// it, the tree disagrees with bash and no word from it can be trusted.
function hasUnjoinedContinuation(
  root: SyntaxNode,
  source: string,
  joinedAt: ReadonlySet<number>,
): boolean {
  const pattern = /(\\+)\n/g;
  let ranges: [number, number][] | undefined;
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) {
    const slashes = match[1] ?? '';
    if (slashes.length % 2 === 0) continue;
    let at = match.index + slashes.length - 1;
    while (at >= 2 && source.slice(at - 2, at) === '\\\n') at -= 2;
    let after = match.index + match[0].length;
    while (source.startsWith('\\\n', after)) after += 2;
    if (!wordCharacter.test(source[at - 1] ?? ' ') || !wordCharacter.test(source[after] ?? ' '))
      continue;
    if (joinedAt.has(at)) continue;
    ranges ??= quotedRanges(root);
    if (!ranges.some(([start, end]) => start < at && at < end)) return true;
  }
  return false;
}

function quotedRanges(root: SyntaxNode): [number, number][] {
  const ranges: [number, number][] = [];
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (quotedTypes.has(node.type)) ranges.push([node.start, node.end]);
    else stack.push(...node.children);
  }
  return ranges;
}

// tree-sitter drops some escapes between words (`\\ ""` loses the escaped space); text
// between a command's words that is not blank means a word bash sees is missing.
function hasHiddenText(node: SyntaxNode, source: string): boolean {
  const blank = (from: number, to: number) => /^(?:[ \t]|\\\n)*$/.test(source.slice(from, to));
  let previous: SyntaxNode | undefined;
  for (const child of node.children) {
    if (!child.named || child.start < 0) continue;
    if (!blank(previous?.end ?? node.start, child.start)) return true;
    if (child.type === 'concatenation' && hasHiddenText(child, source)) return true;
    previous = child;
  }
  return previous !== undefined && !blank(previous.end, node.end);
}

const arithmeticTypes = new Set([
  'binary_expression',
  'unary_expression',
  'parenthesized_expression',
  'ternary_expression',
  'postfix_expression',
  'arithmetic_expansion',
]);

/**
 * Whether two word nodes are one word to bash: nothing or only line continuations lie
 * between them (tree-sitter splits `""\\*` and `-del\\⏎ete` in two).
 */
function continuationOnly(source: string, end: number, start: number): boolean {
  return start >= end && /^(?:\\\n)*$/.test(source.slice(end, start));
}

/** The word a simple command's walk is building, which the next node may extend. */
interface PendingWord {
  readonly start: number;
  readonly end: number;
  readonly word: BashWord;
  readonly skeleton: string;
  readonly into: 'executable' | 'argument';
}

// A word's unquoted text, with each quoted or expanded part as `_`, for brace and glob checks.
function skeletonOf(node: SyntaxNode, source: string): string {
  if (node.type === 'word' || node.type === 'number') return source.slice(node.start, node.end);
  if (node.type !== 'concatenation') return '_';
  return node.children.map((child) => skeletonOf(child, source)).join('');
}

function joinWords(
  source: string,
  left: BashWord,
  right: BashWord,
  span: { start: number; end: number; skeleton: string },
): BashWord {
  const text = source.slice(span.start, span.end);
  // The parts were checked for braces and globs one at a time; `{a\⏎,b}` is a list.
  const joinedKinds = unquotedWordKinds(span.skeleton.replace(/\\\n/g, ''));
  const value =
    left.value === null || right.value === null || joinedKinds.length > 0
      ? null
      : left.value + right.value;
  return { text, value, dynamic: value === null };
}
