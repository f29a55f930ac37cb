import type { BashClassification, BashSimpleCommand } from './analysis-types.js';
import type { Collected } from './collect.js';
import { judgeCommand } from './command-rules.js';
import type { CommandVerdict } from './verdict.js';

// Named node types whose presence alone never blocks the proof; anything else
// (functions, arithmetic, [[ ]], c-style for, coprocesses …) makes the command unknown.
const provableTypes = new Set([
  'program',
  'command',
  'command_name',
  'word',
  'number',
  'string',
  'string_content',
  'raw_string',
  'ansi_c_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'variable_name',
  'special_variable_name',
  'list',
  'pipeline',
  'redirected_statement',
  'file_redirect',
  'file_descriptor',
  'heredoc_redirect',
  'heredoc_start',
  'heredoc_body',
  'heredoc_content',
  'heredoc_end',
  'herestring_redirect',
  'comment',
  'subshell',
  'compound_statement',
  'for_statement',
  'do_group',
  'if_statement',
  'elif_clause',
  'else_clause',
  'while_statement',
  'case_statement',
  'case_item',
  'negated_command',
  'test_command',
  'unary_expression',
  'binary_expression',
  'test_operator',
  'variable_assignment',
  'variable_assignments',
  'brace_expression',
  'extglob_pattern',
  'heredoc-statement',
  'command_substitution',
  'process_substitution',
]);

// Prefix assignments that cannot make a read-only command run other code.
const harmlessPrefixes =
  /^(?:LC_[A-Z]+|LANG|LANGUAGE|TZ|NO_COLOR|COLUMNS|LINES|TERM|GREP_COLORS?)\+?=/;
const plainVariable = /^[a-z_][a-z0-9_]*\+?=/;

/** Judges one simple command, including its assignments and executable name. */
export function judgeSimpleCommand(command: BashSimpleCommand): CommandVerdict {
  if (command.executable === null) {
    const bad = command.assignments.find((assignment) => !plainVariable.test(assignment.text));
    return bad ? { kind: 'unknown', reason: `assignment ${bad.text}` } : { kind: 'read-only' };
  }
  const name = command.executable.value;
  if (name === null)
    return { kind: 'unknown', reason: `dynamic executable ${command.executable.text}` };
  if (name.includes('/')) return { kind: 'unknown', reason: `path-qualified executable ${name}` };
  const bad = command.assignments.find((assignment) => !harmlessPrefixes.test(assignment.text));
  if (bad) return { kind: 'unknown', reason: `prefix assignment ${bad.text}` };
  return judgeCommand(name, command.arguments);
}

/** Combines every finding into one classification with the reasons that block a read-only proof. */
export function classify(
  found: Collected,
  parsed: boolean,
  truncated: boolean,
  source: string,
): {
  classification: BashClassification;
  reasons: string[];
} {
  const writes: string[] = [];
  const doubts: string[] = [];
  if (!parsed) doubts.push('source does not parse');
  if (truncated) doubts.push('nesting too deep to analyse');
  if (source.trim() === '') doubts.push('empty command');
  for (const redirection of found.redirections) {
    if (redirection.kind === 'write' && !redirection.discards) {
      writes.push(`redirection ${redirection.text} writes a file`);
    }
    // Bash itself opens a socket for these paths.
    if (/^\/dev\/(?:tcp|udp)\//.test(redirection.target?.value ?? '')) {
      doubts.push(`redirection ${redirection.text} opens a network connection`);
    }
  }
  for (const substitution of found.substitutions)
    doubts.push(`${substitution.kind} substitution ${substitution.text}`);
  for (const use of found.background) doubts.push(`background execution (${use.kind})`);
  for (const expansion of found.expansions) {
    if (expansion.kind === 'arithmetic' || expansion.kind === 'parameter-operator') {
      doubts.push(`${expansion.kind} expansion ${expansion.text}`);
    }
  }
  for (const type of found.nodeTypes) {
    if (!provableTypes.has(type)) doubts.push(`unsupported construct ${type}`);
  }
  for (const compound of found.compounds) {
    if (compound.kind === 'test' && compound.text.startsWith('[['))
      doubts.push('[[ … ]] evaluates arithmetic');
    if (compound.kind === 'test' && /\s-[vR]\s/.test(compound.text))
      doubts.push('test -v evaluates variable subscripts');
    if (compound.kind === 'group' && compound.text.startsWith('(('))
      doubts.push('(( … )) evaluates arithmetic');
  }
  for (const name of found.loopVariables) {
    if (!plainVariable.test(`${name}=`)) doubts.push(`loop assigns ${name}`);
  }
  // The launch hardens git for the repository it starts in; after a cd, git may run in
  // another one whose drivers it has not read.
  const names = new Set(found.commands.map((command) => command.executable?.value));
  if (names.has('git') && (names.has('cd') || names.has('pushd') || names.has('popd')))
    doubts.push('git after cd runs in a repository the launch has not hardened');
  for (const command of found.commands) {
    const verdict = judgeSimpleCommand(command);
    if (verdict.kind === 'mutating') writes.push(verdict.reason);
    else if (verdict.kind === 'unknown') doubts.push(verdict.reason);
  }
  if (parsed && !truncated && writes.length > 0)
    return { classification: 'mutating', reasons: [...writes, ...doubts] };
  if (writes.length > 0 || doubts.length > 0)
    return { classification: 'unknown', reasons: [...writes, ...doubts] };
  return { classification: 'read-only', reasons: [] };
}
