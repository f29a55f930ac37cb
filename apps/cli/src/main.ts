import type { Writable } from 'node:stream';
import { runCommand } from './run-command.js';

/** Where the command writes and what it reads; injected so tests can capture it. */
export type CliIo = {
  stdout: Writable;
  stderr: Writable;
  cwd?: string;
  signal?: AbortSignal;
};

export const usage = `Usage: toolcall <command> [options]

Commands:
  run FILE | -e EXPR   run a ToolCall script and print its value
                         --json   print the structured outcome as JSON
  help                 show this help

Exit codes: 0 success, 1 script or tool error, 2 usage or bad script,
3 permission denied, 130 interrupted.
`;

/** Runs the toolcall command line and resolves to the process exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout.write(usage);
    return 0;
  }
  if (command === 'run') return runCommand(rest, io);
  io.stderr.write(`toolcall: unknown command '${command}'\n\n${usage}`);
  return 2;
}
