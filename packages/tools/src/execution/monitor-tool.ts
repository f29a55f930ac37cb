import { formatBashResult } from '@toolcall/exec';
import { defineTool, type Tool, z } from '@toolcall/pipeline';
import { escalationOf } from './bash-tool.js';
import { commandSegmentsOf } from './command-segments.js';
import { type EscalationArgs, escalationPaths, escalationShape } from './escalation.js';
import { failureEnvelope, type NormalizedExecutionOptions, toHandlerEnvelope } from './options.js';
import { monitorRenderer } from './renderers.js';
import { formatSandboxLine } from './sandbox-line.js';

/** Monitor's validated arguments. */
export type MonitorArgs = EscalationArgs & {
  command: string;
  description: string;
  timeout_ms?: number | undefined;
};

const DESCRIPTION = [
  'Starts a watcher whose stdout lines reach you as events while you keep working: each line arrives as a MONITOR record, and the end as one MONITOR_TERMINAL record.',
  'For one eventual result use Bash instead (for example an until loop). Stdin is closed; stderr only goes to the output you can poll with WriteStdin.',
  'Every pipe stage must flush its output, and filters should match failures as well as success.',
  'More than 100 lines a minute or 64 KiB of unread events stops it (termination flood). It expires after timeout_ms (default 300000); stop it early with StopExecution.',
].join(' ');

/** The first-result line telling the model how events will arrive. */
export function monitorStartNote(description: string): string {
  return `Watching: ${description}. Stdout lines arrive as MONITOR events and the end as one MONITOR_TERMINAL record; poll the whole output with WriteStdin or stop it with StopExecution.`;
}

/** Defines Monitor: a root-owner watcher that yields at once and reports stdout lines as events. */
export function createMonitorTool(options: NormalizedExecutionOptions): Tool<MonitorArgs> {
  const { manager, escalation, rootOwner } = options;
  return defineTool({
    name: 'Monitor',
    description: DESCRIPTION,
    async: true,
    groups: ['execution'],
    args: z.object({
      command: z
        .string()
        .min(1)
        .describe('The bash source of the watcher; each stdout line is an event.'),
      description: z.string().min(1).describe('A short label shown on every event.'),
      timeout_ms: z
        .number()
        .int()
        .min(1_000)
        .max(3_600_000)
        .optional()
        .describe('Stop the watcher after this long (default 300000).'),
      ...escalationShape,
    }),
    permission: {
      pattern: (args) => args.command,
      // Rules are judged per simple command the source would run, `Bash(…)` rules included.
      commands: (args) => commandSegmentsOf(manager, args.command),
      shell: true,
      paths: (args) => escalationPaths(args),
    },
    renderer: monitorRenderer,
    handler: async (args, context) => {
      const owner = options.ownerOf(context);
      if (owner !== rootOwner) {
        return failureEnvelope(
          `Monitor is available only to ${rootOwner}; use Bash with yield_time_ms instead.`,
        );
      }
      const hostDecision = escalation.decide(context.toolUseId, args);
      const started = await manager.startMonitor({
        owner,
        command: args.command,
        ...options.shell,
        description: args.description,
        ...(args.timeout_ms === undefined ? {} : { timeoutMs: args.timeout_ms }),
        ...escalationOf(args),
        ...(hostDecision === undefined ? {} : { hostDecision }),
      });
      if (!started.success) return failureEnvelope(started.error.message);
      const observation = started.value;
      const sandboxLine = formatSandboxLine(observation.sandbox, observation.facts);
      const envelope = formatBashResult(observation, {
        ...(sandboxLine === undefined ? {} : { sandboxLine }),
      });
      const handler = toHandlerEnvelope(envelope);
      return {
        ...handler,
        result: `${monitorStartNote(args.description)}\n\n${envelope.result}`,
        renderData: { ...handler.renderData, description: args.description },
      };
    },
  });
}
