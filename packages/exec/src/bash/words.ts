import type { BashExpansionKind, BashWord } from './analysis-types.js';
import type { SyntaxNode } from './syntax-tree.js';

/** Receives what a word contains besides literal text. */
export interface WordSink {
  expansion(kind: BashExpansionKind, node: SyntaxNode): void;
  /** Called for `$(…)`, backquotes and `<(…)`/`>(…)`; the sink analyses their statements. */
  substitution(kind: 'command' | 'process', node: SyntaxNode): void;
  /** Called when a node's text shows that tree-sitter read it differently from bash. */
  malformed(node: SyntaxNode): void;
}

const specialNames = /^(?:[0-9]+|[@*#?$!_-])$/;

function unescapeUnquoted(text: string): string {
  return text.replace(/\\(\n|.)/gs, (_match, character: string) =>
    character === '\n' ? '' : character,
  );
}

function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([\\"$`\n])/g, (_match, character: string) =>
    character === '\n' ? '' : character,
  );
}

const ansiEscapes: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

// The common escapes, hex and octal are decoded. A byte of 0 (bash cuts the word there) or
// above 0x7f (a raw byte, not a character) and anything else (\c, \u) make the word
// dynamic rather than risk a wrong literal value.
function decodeAnsiC(body: string): string | null {
  let failed = false;
  const value = body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (_match, sequence: string) => {
    const code = /^x[0-9a-fA-F]/.test(sequence)
      ? Number.parseInt(sequence.slice(1), 16)
      : /^[0-7]/.test(sequence)
        ? Number.parseInt(sequence, 8)
        : undefined;
    if (code !== undefined) {
      if (code === 0 || code > 0x7f) failed = true;
      return String.fromCharCode(code);
    }
    const decoded = ansiEscapes[sequence];
    if (decoded === undefined) failed = true;
    return decoded ?? '';
  });
  return failed ? null : value;
}

// Unquoted glob characters, a leading tilde and brace lists all make bash
// produce something other than the written text.
/** The expansion kinds an unquoted word's text triggers: globs, a leading tilde, brace lists. */
export function unquotedWordKinds(text: string): BashExpansionKind[] {
  const plain = text.replace(/\\./gs, '__');
  const kinds: BashExpansionKind[] = [];
  if (/[*?]|\[.*\]/.test(plain)) kinds.push('glob');
  if (plain.startsWith('~')) kinds.push('tilde');
  if (/\{.*(?:,|\.\.).*\}/.test(plain)) kinds.push('brace');
  return kinds;
}

function expansionKind(node: SyntaxNode, source: string): BashExpansionKind {
  const text = source.slice(node.start, node.end);
  if (node.type === 'simple_expansion') {
    return specialNames.test(text.slice(1)) ? 'special-parameter' : 'parameter';
  }
  const inner = /^\$\{(.*)\}$/s.exec(text)?.[1] ?? '';
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(inner)) return 'parameter';
  if (specialNames.test(inner)) return 'special-parameter';
  return 'parameter-operator';
}

// The offset of the quote that closes a `$'…'` string, as bash scans it.
function ansiCEnd(text: string): number {
  for (let index = 2; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1;
    else if (text[index] === "'") return index;
  }
  return -1;
}

/** Resolves one word node into its text and literal value, reporting expansions and substitutions. */
export function resolveWord(node: SyntaxNode, source: string, sink: WordSink): BashWord {
  const text = source.slice(node.start, node.end);
  const value = literalValue(node, source, sink);
  return { text, value, dynamic: value === null };
}

function literalValue(node: SyntaxNode, source: string, sink: WordSink): string | null {
  const text = source.slice(node.start, node.end);
  switch (node.type) {
    case 'word':
    case 'number':
    case 'test_operator': {
      // An unescaped quote inside a bare word means tree-sitter split the quoting wrongly.
      if (/['"`]/.test(text.replace(/\\./gs, ''))) sink.malformed(node);
      const kinds = unquotedWordKinds(text);
      for (const kind of kinds) sink.expansion(kind, node);
      return kinds.length > 0 || text === '$' ? null : unescapeUnquoted(text);
    }
    case 'raw_string':
      return text.slice(1, -1);
    case 'ansi_c_string':
      // tree-sitter reads `\\'` as an escaped quote and runs past the string's end.
      if (ansiCEnd(text) !== text.length - 1) {
        sink.malformed(node);
        return null;
      }
      return decodeAnsiC(text.slice(2, -1));
    case 'string': {
      let literal = true;
      for (const child of node.children) {
        if (child.named && child.type !== 'string_content') {
          literal = false;
          visitDynamic(child, source, sink);
        }
      }
      return literal ? unescapeDoubleQuoted(text.slice(1, -1)) : null;
    }
    case 'concatenation': {
      // Brace lists span parts (`{`, `a,b`, `}`), so look at the unquoted text as a whole.
      const unquoted = node.children
        .map((child) => (child.type === 'word' ? source.slice(child.start, child.end) : '_'))
        .join('');
      if (unquotedWordKinds(unquoted).includes('brace')) {
        sink.expansion('brace', node);
        for (const child of node.children) literalValue(child, source, sink);
        return null;
      }
      let value: string | null = '';
      for (const child of node.children) {
        const part = literalValue(child, source, sink);
        value = value === null || part === null ? null : value + part;
      }
      return value;
    }
    default:
      visitDynamic(node, source, sink);
      return null;
  }
}

/** Reports the expansions and substitutions inside a dynamic node. */
export function visitDynamic(node: SyntaxNode, source: string, sink: WordSink): void {
  switch (node.type) {
    case 'simple_expansion':
    case 'expansion':
      sink.expansion(expansionKind(node, source), node);
      break;
    case 'arithmetic_expansion':
      sink.expansion('arithmetic', node);
      break;
    case 'brace_expression':
      sink.expansion('brace', node);
      return;
    case 'command_substitution':
      sink.substitution('command', node);
      return;
    case 'process_substitution':
      sink.substitution('process', node);
      return;
    default:
      break;
  }
  for (const child of node.children) {
    if (child.named) literalValue(child, source, sink);
  }
}
