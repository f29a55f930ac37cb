import { formatBashResult } from '@toolcall/exec';
import { defineTool, type Tool, z } from '@toolcall/pipeline';
import { commandSegmentsOf } from './command-segments.js';
import { type EscalationArgs, escalationPaths, escalationShape } from './escalation.js';
import {
  failureEnvelope,
  type NormalizedExecutionOptions,
  persistOmitted,
  toHandlerEnvelope,
  withArtifactNotice,
} from './options.js';
import { bashRenderer } from './renderers.js';
import { formatSandboxLine } from './sandbox-line.js';

/** Bash's validated arguments. */
export type BashArgs = EscalationArgs & {
  command: string;
  description: string;
  yield_time_ms?: number | undefined;
  tty?: boolean | undefined;
};

const DESCRIPTION = [
  'Runs a shell command with bash in the session working directory, in its own process group, confined to the workspace without network by default.',
  'Waits up to yield_time_ms (default 10000); a command still running then returns its output so far and an execution_id to poll or type into with WriteStdin, list with ListExecutions, or stop with StopExecution.',
  'There is no automatic timeout (use the timeout command). Shell background operators (&, disown, setsid) are refused: use yield_time_ms instead.',
  'tty=true gives the command a pseudo-terminal for interactive input. Output over 2,000 characters is shown as head and tail.',
  'The result ends with one <bash-execution .../> element: state, termination, exit_code and outcome (no-match, different and false are successful observations).',
].join(' ');

/** Defines the Bash tool over the session's manager. */
export function createBashTool(options: NormalizedExecutionOptions): Tool<BashArgs> {
  const { manager, escalation } = options;
  return defineTool({
    name: 'Bash',
    description: DESCRIPTION,
    async: true,
    maxResultSize: 30_000,
    groups: ['execution'],
    args: z.object({
      command: z.string().min(1).describe('The exact bash source to run.'),
      description: z
        .string()
        .describe('A short human label for the command, shown in rows and listings.'),
      yield_time_ms: z
        .number()
        .int()
        .min(250)
        .max(30_000)
        .optional()
        .describe('How long to wait before returning an execution_id (default 10000).'),
      tty: z
        .boolean()
        .optional()
        .describe('Run under a pseudo-terminal so WriteStdin can type input (default false).'),
      ...escalationShape,
    }),
    permission: {
      pattern: (args) => args.command,
      // Rules are judged per simple command the source would run, `Bash(…)` rules included.
      commands: (args) => commandSegmentsOf(manager, args.command),
      shell: true,
      paths: (args) => escalationPaths(args),
    },
    renderer: bashRenderer,
    handler: async (args, context) => {
      const owner = options.ownerOf(context);
      const hostDecision = escalation.decide(context.toolUseId, args);
      const observed = await manager.runBash({
        owner,
        command: args.command,
        ...options.shell,
        ...(args.yield_time_ms === undefined ? {} : { yieldTimeMs: args.yield_time_ms }),
        ...(args.tty === undefined ? {} : { tty: args.tty }),
        ...escalationOf(args),
        ...(hostDecision === undefined ? {} : { hostDecision }),
        signal: context.signal,
      });
      if (!observed.success) return failureEnvelope(observed.error.message);
      const observation = observed.value;
      const persisted = await persistOmitted(options, observation, owner, context);
      const outputPath = persisted.address;
      const sandboxLine = formatSandboxLine(observation.sandbox, observation.facts);
      return withArtifactNotice(
        toHandlerEnvelope(
          formatBashResult(observation, {
            ...(outputPath === undefined ? {} : { outputPath }),
            ...(sandboxLine === undefined ? {} : { sandboxLine }),
          }),
        ),
        persisted,
      );
    },
  });
}

/** The escalation fields as exec takes them, without absent keys. */
export function escalationOf(args: EscalationArgs): EscalationArgs {
  const fields: EscalationArgs = {};
  if (args.sandbox_permissions !== undefined) fields.sandbox_permissions = args.sandbox_permissions;
  if (args.additional_permissions !== undefined)
    fields.additional_permissions = args.additional_permissions;
  if (args.justification !== undefined) fields.justification = args.justification;
  return fields;
}
