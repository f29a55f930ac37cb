import type { ToolSet } from '@toolcall/tools';
import { RPC_ERRORS } from './protocol.js';

/** The process manager behind the bridge's Bash and Monitor tools. */
export type ProcessManager = ToolSet['exec'];

/**
 * The owner every bridge call runs as: the tool set's root owner, since the bridge shares its
 * tools with no sub-agent. The execution tools scope their handles to it.
 */
const OWNER = '/root';

/** How much of a process's output `processes/output` returns by default: its last 64 KiB. */
export const OUTPUT_TAIL_BYTES = 64 * 1024;

/** One managed process as Emacs lists it. */
export interface ProcessRow {
  id: string;
  command: string;
  state: string;
  tty: boolean;
  elapsedMs: number;
  outputBytes: number;
  outputLines: number;
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/** The live background processes (yielded Bash commands and Monitors) and queued ones. */
export function listProcesses(manager: ProcessManager): ProcessRow[] {
  return manager.listExecutions({ owner: OWNER }).map((facts) => ({
    id: facts.executionId,
    command: facts.command,
    state: facts.state,
    tty: facts.tty,
    elapsedMs: facts.wallTimeMs,
    outputBytes: facts.outputBytes,
    outputLines: facts.outputLines,
  }));
}

/** Stops one process (TERM, then KILL after the grace interval); its final state and size. */
export async function stopProcess(manager: ProcessManager, id: string) {
  const stopped = await manager.stopExecution({ owner: OWNER, executionId: id, by: 'user' });
  if (!stopped.success) throw rpcError(RPC_ERRORS.invalidParams, `No process ${id}`);
  const { facts } = stopped.value;
  return { id, state: facts.state, outputBytes: facts.outputBytes };
}

/**
 * Reads a process's output without consuming it: the script that started the process still
 * reads every byte through WriteStdin. `tailBytes` bounds it to the last bytes; a cut that falls
 * inside a UTF-8 sequence drops the partial character.
 */
export async function readProcessOutput(
  manager: ProcessManager,
  id: string,
  tailBytes = OUTPUT_TAIL_BYTES,
) {
  const whole = await manager.readOutput({ owner: OWNER, executionId: id, start: 0 });
  if (!whole.success) throw rpcError(RPC_ERRORS.invalidParams, `No process ${id}`);
  const bytes = whole.value;
  const start = Math.max(0, bytes.length - tailBytes);
  let from = start;
  // Skip continuation bytes (10xxxxxx) so the text starts on a character.
  while (from < bytes.length && from > 0 && ((bytes[from] as number) & 0xc0) === 0x80) from += 1;
  return {
    id,
    text: bytes.subarray(from).toString('utf8'),
    outputBytes: bytes.length,
    truncated: start > 0,
  };
}

/** Sends a line of input to a terminal process, or Ctrl-C (`\u0003`) to any. */
export async function sendToProcess(manager: ProcessManager, id: string, chars: string) {
  const written = await manager.writeStdin({
    owner: OWNER,
    executionId: id,
    chars,
    yieldTimeMs: 250,
  });
  if (!written.success) {
    const { error } = written;
    const unknown = (error as { code?: string }).code === 'not-found';
    throw rpcError(RPC_ERRORS.invalidParams, unknown ? `No process ${id}` : error.message);
  }
  return { id, state: written.value.facts.state };
}
