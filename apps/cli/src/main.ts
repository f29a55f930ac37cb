import type { Writable } from 'node:stream';

/** Where the command writes; injected so tests can capture it. */
export type CliIo = { stdout: Writable; stderr: Writable };

export const usage = `Usage: toolcall <command> [options]

Commands:
  run FILE | -e EXPR   run a ToolCall script
  help                 show this help
`;

/** Runs the toolcall command line and resolves to the process exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [command] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout.write(usage);
    return 0;
  }
  io.stderr.write(`toolcall: unknown command '${command}'\n\n${usage}`);
  return 2;
}
