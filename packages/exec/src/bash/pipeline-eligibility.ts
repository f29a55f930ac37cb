import type { BashSimpleCommand } from './analysis-types.js';
import type { Collected } from './collect.js';

const allowedTypes = new Set([
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
  'for_statement',
  'do_group',
  'variable_assignment',
  'variable_assignments',
  'brace_expression',
]);

// Builtins that evaluate code, target variables (and so subscripts), change
// how the shell exits, or install traps.
const declinedBuiltins = new Set([
  'eval',
  'source',
  '.',
  'trap',
  'exec',
  'exit',
  'return',
  'let',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'unset',
  'read',
  'mapfile',
  'readarray',
  'test',
  '[',
  '[[',
  'getopts',
  'wait',
  'command',
  'builtin',
  'enable',
  'alias',
  'unalias',
  'bind',
  'complete',
  'compgen',
  'compopt',
  'fc',
  'shopt',
  'set',
  'caller',
  'coproc',
  'select',
  'hash',
  'history',
  'time',
  'ulimit',
  'umask',
  'disown',
  'suspend',
  'logout',
]);

/** Variable names the snapshot proof admits: lowercase, never the special `_`. */
export const plainName = /^(?!_$)[a-z_][a-z0-9_]*$/;
const complexSyntax = /\$\(|`|\$\[|[<>]\(|\$\{(?![a-z_][a-z0-9_]*\})/;

function declineCommand(command: BashSimpleCommand): string | null {
  for (const assignment of command.assignments) {
    const name = /^[^=+]*/.exec(assignment.text)?.[0] ?? '';
    if (!plainName.test(name)) return `assignment to ${name}`;
  }
  if (command.executable === null) return null;
  const name = command.executable.value;
  if (name === null) return 'dynamic executable name';
  if (declinedBuiltins.has(name)) return `${name} evaluates code or targets variables`;
  if (name === 'printf') {
    const format = command.arguments[0]?.value;
    if (
      format === null ||
      format === undefined ||
      format.startsWith('-') ||
      format.includes('%n')
    ) {
      return 'printf needs a literal non-option format without %n';
    }
  }
  return null;
}

/** Why appending the PIPESTATUS snapshot could change what the source does; null when it cannot. */
export function declineSource(found: Collected, source: string): string | null {
  for (const type of found.nodeTypes) if (!allowedTypes.has(type)) return `construct ${type}`;
  if (found.background.length > 0) return 'background execution';
  if (complexSyntax.test(source)) return 'complex expansion syntax';
  for (const expansion of found.expansions) {
    if (expansion.kind === 'parameter') {
      const name = expansion.text.replace(/^\$\{?|\}$/g, '');
      if (!plainName.test(name)) return `variable ${name}`;
    } else if (expansion.kind === 'special-parameter') {
      if (!/^\$[#?@]$/.test(expansion.text)) return `special parameter ${expansion.text}`;
    } else if (expansion.kind === 'arithmetic' || expansion.kind === 'parameter-operator') {
      return `${expansion.kind} expansion`;
    }
  }
  if (/\$@/.test(source.replace(/"\$@"/g, ''))) return 'unquoted $@';
  for (const command of found.commands) {
    const reason = declineCommand(command);
    if (reason !== null) return reason;
  }
  return null;
}
