import type { ExecManager } from '@toolcall/exec';
import { ToolsError } from '../errors.js';
import { ROOT_OWNER } from '../root-owner.js';

/** How much of a process's output `readProcessOutput` returns by default: its last 64 KiB. */
export const PROCESS_OUTPUT_TAIL_BYTES = 64 * 1024;

/** One managed process (a background Bash command, a Monitor, or a queued one) as a host lists it. */
export interface ProcessRow {
  readonly id: string;
  readonly command: string;
  readonly state: string;
  readonly tty: boolean;
  readonly elapsedMs: number;
  readonly outputBytes: number;
  readonly outputLines: number;
}

/** What a process-control call returns: a value, or a ToolsError naming the process. */
export type ProcessResult<T> = { success: true; value: T } | { success: false; error: ToolsError };

/** Which processes a host controls: those of one conversation (the root one by default). */
export interface ProcessScope {
  readonly exec: ExecManager;
  readonly owner?: string;
}

const unknown = (id: string): ProcessResult<never> => ({
  success: false,
  error: new ToolsError('unknown-process', `No process ${id}`),
});

/** The live background processes (yielded Bash commands and Monitors) and queued ones. */
export function listProcesses(scope: ProcessScope): ProcessRow[] {
  return scope.exec.listExecutions({ owner: scope.owner ?? ROOT_OWNER }).map((facts) => ({
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
export async function stopProcess(
  scope: ProcessScope,
  id: string,
): Promise<ProcessResult<{ id: string; state: string; outputBytes: number }>> {
  const stopped = await scope.exec.stopExecution({
    owner: scope.owner ?? ROOT_OWNER,
    executionId: id,
    by: 'user',
  });
  if (!stopped.success) return unknown(id);
  const { facts } = stopped.value;
  return { success: true, value: { id, state: facts.state, outputBytes: facts.outputBytes } };
}

/**
 * Reads a process's output without consuming it: the script that started the process still
 * reads every byte through WriteStdin. `tailBytes` bounds it to the last bytes; a cut that falls
 * inside a UTF-8 sequence drops the partial character.
 */
export async function readProcessOutput(
  scope: ProcessScope,
  id: string,
  tailBytes = PROCESS_OUTPUT_TAIL_BYTES,
): Promise<ProcessResult<{ id: string; text: string; outputBytes: number; truncated: boolean }>> {
  const whole = await scope.exec.readOutput({
    owner: scope.owner ?? ROOT_OWNER,
    executionId: id,
    start: 0,
  });
  if (!whole.success) return unknown(id);
  const bytes = whole.value;
  const start = Math.max(0, bytes.length - tailBytes);
  let from = start;
  // Skip continuation bytes (10xxxxxx) so the text starts on a character.
  while (from < bytes.length && from > 0 && ((bytes[from] as number) & 0xc0) === 0x80) from += 1;
  const text = bytes.subarray(from).toString('utf8');
  return { success: true, value: { id, text, outputBytes: bytes.length, truncated: start > 0 } };
}

/** Sends a line of input to a terminal process, or Ctrl-C (`\u0003`) to any. */
export async function sendToProcess(
  scope: ProcessScope,
  id: string,
  chars: string,
): Promise<ProcessResult<{ id: string; state: string }>> {
  const written = await scope.exec.writeStdin({
    owner: scope.owner ?? ROOT_OWNER,
    executionId: id,
    chars,
    yieldTimeMs: 250,
  });
  if (!written.success) {
    const { error } = written;
    if ((error as { code?: string }).code === 'not-found') return unknown(id);
    return { success: false, error: new ToolsError('process-input-refused', error.message) };
  }
  return { success: true, value: { id, state: written.value.facts.state } };
}
