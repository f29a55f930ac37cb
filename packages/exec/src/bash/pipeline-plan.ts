import type { BashSimpleCommand } from './analysis-types.js';
import type { Collected } from './collect.js';
import { commandNodeOf, type ExitOneOutcome, exitOneOutcomeOf } from './statement-outcome.js';
import { bodyOf, type SyntaxNode } from './syntax-tree.js';

/** One stage of the final pipeline with the reading of its exit status 1. */
export interface BashPipelineStage {
  readonly text: string;
  readonly exitOneOutcome: ExitOneOutcome | null;
}

/** Whether the source's final pipeline can be observed and classified after it runs. */
export interface BashPipelinePlan {
  /** True when appending the PIPESTATUS snapshot cannot change what the source does. */
  readonly snapshot: boolean;
  /** `eligible` only for a sole syntactic pipeline ending the source with eligible stages. */
  readonly classification: 'eligible' | 'unavailable';
  /** Why classification or the snapshot was declined; null when eligible. */
  readonly reason: string | null;
  readonly stages: readonly BashPipelineStage[];
}

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

const plainName = /^(?!_$)[a-z_][a-z0-9_]*$/;
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

function declineSource(found: Collected, source: string): string | null {
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

function forLoopReason(loop: SyntaxNode, source: string): string | null {
  const variable = loop.children.find((child) => child.type === 'variable_name');
  if (!variable || !plainName.test(source.slice(variable.start, variable.end)))
    return 'loop variable name';
  const body = loop.children.find((child) => child.type === 'do_group');
  const nested = (node: SyntaxNode): boolean =>
    node.children.some(
      (child) => child.type === 'for_statement' || child.type === 'pipeline' || nested(child),
    );
  return !body || nested(body) ? 'loop holds a loop or pipeline' : null;
}

/** Plans the PIPESTATUS snapshot and stage classification for a parsed source. */
export function planFinalPipeline(
  root: SyntaxNode,
  found: Collected,
  source: string,
  parsed: boolean,
): BashPipelinePlan | null {
  if (found.pipelines.length === 0) return null;
  const unavailable = (reason: string, snapshot: boolean): BashPipelinePlan => ({
    snapshot,
    classification: 'unavailable',
    reason,
    stages: [],
  });
  if (!parsed) return unavailable('source does not parse', false);
  // A trailing backslash would join the appended snapshot onto the last command.
  if (source.endsWith('\\')) return unavailable('source ends in a line continuation', false);
  const declined = declineSource(found, source);
  if (declined !== null) return unavailable(declined, false);
  if (found.pipelines.length > 1) return unavailable('more than one pipeline', true);
  const statements = root.children.filter((child) => child.named && child.type !== 'comment');
  const last = statements.at(-1);
  const pipeline =
    last?.type === 'pipeline'
      ? last
      : last?.type === 'redirected_statement'
        ? bodyOf(last)
        : undefined;
  if (pipeline?.type !== 'pipeline')
    return unavailable('the source does not end in its pipeline', true);
  const stages: BashPipelineStage[] = [];
  for (const stage of pipeline.children) {
    if (!stage.named) continue;
    if (stage.type === 'for_statement') {
      const reason = forLoopReason(stage, source);
      if (reason !== null) return unavailable(reason, true);
    } else if (commandNodeOf(stage) === null) {
      return unavailable(
        `stage ${source.slice(stage.start, stage.end)} is not a simple command or plain for loop`,
        true,
      );
    }
    stages.push({
      text: source.slice(stage.start, stage.end),
      exitOneOutcome: exitOneOutcomeOf(stage, source, found.commands),
    });
  }
  return { snapshot: true, classification: 'eligible', reason: null, stages };
}
