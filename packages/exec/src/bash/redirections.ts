import type { BashRedirection, BashRedirectionKind, BashWord } from './analysis-types.js';
import type { SyntaxNode } from './syntax-tree.js';
import { resolveWord, type WordSink } from './words.js';

/** A redirection plus the words tree-sitter attached to it that bash treats as command arguments. */
export interface ResolvedRedirection {
  readonly redirection: BashRedirection;
  /** Words after the target (`> out ls -l` gives `ls`, `-l`), which belong to the command. */
  readonly strayWords: readonly BashWord[];
  /** Statements tree-sitter nested inside a heredoc redirect (`cat <<EOF | wc`). */
  readonly nestedStatements: readonly SyntaxNode[];
  /** False when a heredoc's end line is missing or differs from its delimiter. */
  readonly wellFormed: boolean;
}

const wordTypes = new Set([
  'word',
  'number',
  'string',
  'raw_string',
  'ansi_c_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  'brace_expression',
]);

function kindOf(operator: string, target: BashWord | null): BashRedirectionKind {
  if (operator === '<<' || operator === '<<-') return 'heredoc';
  if (operator === '<<<') return 'herestring';
  if (operator === '>&-' || operator === '<&-') return 'close';
  if (operator === '>&' || operator === '<&') {
    // `>&2` duplicates a descriptor; `>& file` is bash's spelling of `&> file`.
    if (target?.value === '-') return 'close';
    if (target?.value !== null && target?.value !== undefined && /^[0-9]+$/.test(target.value))
      return 'duplicate';
    return operator === '<&' ? 'read' : 'write';
  }
  if (operator === '<') return 'read';
  return 'write';
}

/** Resolves a file, heredoc or herestring redirect node. */
export function resolveRedirection(
  node: SyntaxNode,
  source: string,
  sink: WordSink,
): ResolvedRedirection {
  let operator = '';
  let descriptor: number | null = null;
  let target: BashWord | null = null;
  const strayWords: BashWord[] = [];
  const nestedStatements: SyntaxNode[] = [];
  let delimiter: string | null = null;
  let end: string | null = null;
  let hiddenSubstitution = false;
  let quotedDelimiter = false;
  for (const child of node.children) {
    if (child.type === 'heredoc_start')
      quotedDelimiter = /["'\\]/.test(source.slice(child.start, child.end));
    if (child.type === 'heredoc_start')
      delimiter = source.slice(child.start, child.end).replace(/["'\\]/g, '');
    if (child.type === 'heredoc_end') end = source.slice(child.start, child.end);
    if (!child.named) {
      if (operator === '') operator = child.type;
    } else if (child.type === 'file_descriptor') {
      descriptor = Number(source.slice(child.start, child.end));
    } else if (child.type === 'heredoc_body') {
      for (const part of child.children) resolveWord(part, source, sink);
      hiddenSubstitution ||= !quotedDelimiter && hasHiddenBackquote(child, source);
    } else if (
      child.type === 'heredoc_start' ||
      child.type === 'heredoc_end' ||
      child.type === 'heredoc_content'
    ) {
      if (operator === '') operator = source.slice(node.start, child.start).replace(/\s+$/, '');
    } else if (wordTypes.has(child.type)) {
      const word = resolveWord(child, source, sink);
      if (target === null) target = word;
      else strayWords.push(word);
    } else {
      nestedStatements.push(child);
    }
  }
  const kind = kindOf(operator, target);
  return {
    redirection: {
      text: source.slice(node.start, node.end),
      operator,
      descriptor,
      kind,
      target: kind === 'heredoc' ? null : target,
      discards: kind === 'write' && target?.value === '/dev/null',
    },
    strayWords,
    nestedStatements,
    // The grammar's scanner accepts some end lines bash would not (`}>&2if` for
    // EOF); such a tree no longer says where bash ends the body.
    wellFormed: kind !== 'heredoc' || (end !== null && end === delimiter && !hiddenSubstitution),
  };
}

// An unquoted heredoc body expands backquotes, but the grammar leaves them as plain
// content; one outside the parts it did parse means commands the tree does not show.
function hasHiddenBackquote(body: SyntaxNode, source: string): boolean {
  let text = source.slice(body.start, body.end);
  for (const part of [...body.children].reverse()) {
    if (part.start < 0) continue;
    text =
      text.slice(0, part.start - body.start) +
      ' '.repeat(part.end - part.start) +
      text.slice(part.end - body.start);
  }
  return /`/.test(text.replace(/\\./gs, ''));
}
