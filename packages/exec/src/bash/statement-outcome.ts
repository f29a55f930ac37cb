import type { BashSimpleCommand } from './analysis-types.js';
import { judgeSimpleCommand } from './classify.js';
import { bodyOf, type SyntaxNode } from './syntax-tree.js';

/** The successful reading of exit status 1 for a statement, when its command has one. */
export type ExitOneOutcome = 'no-match' | 'different' | 'false';

/** Whether a node or any descendant has one of the given types. */
export function containsType(node: SyntaxNode, types: ReadonlySet<string>): boolean {
  if (types.has(node.type)) return true;
  return node.children.some((child) => containsType(child, types));
}

const substitutionTypes = new Set(['command_substitution', 'process_substitution']);

/** The simple command a statement node consists of, unwrapping one redirected_statement. */
export function commandNodeOf(statement: SyntaxNode): SyntaxNode | null {
  if (statement.type === 'command') return statement;
  if (statement.type === 'redirected_statement') {
    const body = bodyOf(statement);
    if (
      body?.type === 'command' &&
      !statement.children.some(
        (child) =>
          child.type === 'heredoc_redirect' &&
          child.children.some((part) => part.type === 'pipeline' || part.type === 'list'),
      )
    ) {
      return body;
    }
  }
  return null;
}

/**
 * Reads exit status 1 of one statement as §7 does: no-match for a proven simple
 * grep or rg, different for diff, false for test and [; otherwise null.
 */
export function exitOneOutcomeOf(
  statement: SyntaxNode,
  source: string,
  commands: readonly BashSimpleCommand[],
): ExitOneOutcome | null {
  if (containsType(statement, substitutionTypes)) return null;
  if (statement.type === 'test_command')
    return source.startsWith('[ ', statement.start) ? 'false' : null;
  const node = commandNodeOf(statement);
  const command =
    node &&
    commands.find((candidate) => candidate.start === node.start && candidate.end === node.end);
  const name = command?.executable?.value;
  if (!command || name === null || name === undefined) return null;
  switch (name) {
    case 'grep':
    case 'egrep':
    case 'fgrep':
    case 'rg':
      return judgeSimpleCommand(command).kind === 'read-only' ? 'no-match' : null;
    case 'diff':
      return 'different';
    case 'test':
    case '[':
      return 'false';
    default:
      return null;
  }
}
