import {
  listProcesses,
  type ProcessRow,
  type ProcessScope,
  readProcessOutput,
  stopProcess,
} from '@toolcall/tools';
import type { CliIo } from './io.js';

/** The REPL's process commands, one line each, typed at an empty prompt. */
export const PROCESS_COMMANDS = /^\/(ps|out|kill|help)(?:\s+(\S+))?\s*$/;

const HELP = `/ps        list the background processes (Bash past its yield, Monitors)
/out ID    show the last 64 KiB of a process's output (it stays unread for the script)
/kill ID   stop a process (TERM, then KILL)
/help      this list
`;

function elapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${seconds % 60}s`;
}

function bytes(count: number): string {
  return count < 1024 ? `${count} B` : `${(count / 1024).toFixed(1)} KiB`;
}

/** The process list as a table, or a line saying there is none. */
export function formatProcesses(rows: readonly ProcessRow[]): string {
  if (rows.length === 0) return 'no background processes\n';
  const lines = rows.map((row) => [
    row.id,
    row.state,
    elapsed(row.elapsedMs),
    bytes(row.outputBytes),
    `${row.tty ? '[tty] ' : ''}${row.command.replace(/\s+/g, ' ')}`,
  ]);
  const header = ['ID', 'STATE', 'TIME', 'OUTPUT', 'COMMAND'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] as string).length)),
  );
  return `${[header, ...lines]
    .map((line) =>
      line
        .map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join('  '),
    )
    .join('\n')}\n`;
}

/**
 * Runs a REPL process command (`/ps`, `/out ID`, `/kill ID`, `/help`); returns false when the
 * line is not one, so the REPL reads it as a form.
 */
export async function runProcessCommand(
  line: string,
  scope: ProcessScope,
  io: Pick<CliIo, 'stdout' | 'stderr'>,
): Promise<boolean> {
  const match = PROCESS_COMMANDS.exec(line.trim());
  if (match === null) return false;
  const [, command, id] = match;
  if (command === 'help') {
    io.stdout.write(HELP);
    return true;
  }
  if (command === 'ps') {
    io.stdout.write(formatProcesses(listProcesses(scope)));
    return true;
  }
  if (id === undefined) {
    io.stderr.write(`/${command} needs a process id: /${command} ID (see /ps)\n`);
    return true;
  }
  if (command === 'out') {
    const read = await readProcessOutput(scope, id);
    if (!read.success) io.stderr.write(`${read.error.message} (see /ps)\n`);
    else {
      const { text, truncated, outputBytes } = read.value;
      if (truncated) io.stdout.write(`… (the last 64 KiB of ${bytes(outputBytes)})\n`);
      io.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
    }
    return true;
  }
  const stopped = await stopProcess(scope, id);
  if (!stopped.success) io.stderr.write(`${stopped.error.message} (see /ps)\n`);
  else io.stdout.write(`stopped ${id} (${bytes(stopped.value.outputBytes)} of output)\n`);
  return true;
}
