import { commonUsage } from './common-options.js';
import type { CliIo } from './io.js';

export type { CliIo } from './io.js';

/** The top-level help text. */
export const usage = `Usage: toolcall <command> [options]

Commands:
  run FILE | -e EXPR   run a ToolCall script with the tool set and render the result
                         --json          print the structured outcome as JSON
                         --report FILE   also write the HTML rendering to FILE
  call TOOL [--args JSON | key=value …]
                       one tool call through the pipeline, rendered (--json, --report)
  tools [QUERY]        list the tools, or search them (ToolSearch)
  mcp [--upstream NAME=COMMAND …]
                       serve the tools over MCP on stdio; upstream servers' tools
                       are callable inside ToolCall as NAME/tool
  repl                 an interactive dialect REPL (history, multi-line forms)
  bridge [--tools-module FILE]
                       serve the Emacs bridge protocol on stdio (@toolcall/emacs)
  sessions [prune]     list sessions, or prune them (--keep N, --older-than DAYS)
  trust [--revoke | --list]
                       trust the workspace's .toolcall/config.json as it is now:
                       until then it can only narrow (deny and ask rules, lower limits)
  help                 show this help

${commonUsage}
Exit codes: 0 success, 1 script or tool error, 2 usage or bad script,
3 permission denied, 130 interrupted.
`;

type Command = (argv: readonly string[], io: CliIo) => Promise<number>;

// Each command loads its own modules: `run` never pays for the MCP SDK, nor `sessions` for tools.
const commands: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./run-command.js')).runCommand,
  call: async () => (await import('./call-command.js')).callCommand,
  tools: async () => (await import('./tools-command.js')).toolsCommand,
  mcp: async () => (await import('./mcp-command.js')).mcpCommand,
  repl: async () => (await import('./repl-command.js')).replCommand,
  sessions: async () => (await import('./sessions-command.js')).sessionsCommand,
  bridge: async () => (await import('./bridge-command.js')).bridgeCommand,
  trust: async () => (await import('./trust-command.js')).trustCommand,
};

/** Runs the toolcall command line and resolves to the process exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout.write(usage);
    return 0;
  }
  const load = commands[command];
  if (load !== undefined) return (await load())(rest, io);
  io.stderr.write(`toolcall: unknown command '${command}'\n\n${usage}`);
  return 2;
}
