import { ExecError } from '../errors.js';
import type { ChildExit } from '../spawn-child.js';

/**
 * Asks Bubblewrap to report on descriptor `fd`: it writes a `child-pid` document once the
 * sandbox exists and an `exit-code` document only when the confined command ran and exited.
 */
export function withJsonStatus(argvPrefix: readonly string[], fd: number): string[] {
  const [bwrap, ...rest] = argvPrefix;
  return [bwrap!, '--json-status-fd', String(fd), ...rest];
}

/** The confined command's exit code from Bubblewrap's status documents, if it ever ran. */
export function statusExitCode(text: string): number | undefined {
  let code: number | undefined;
  for (const line of text.split('\n')) {
    let document: unknown;
    try {
      document = JSON.parse(line);
    } catch {
      continue;
    }
    const value = (document as Record<string, unknown> | null)?.['exit-code'];
    if (typeof value === 'number' && Number.isInteger(value)) code = value;
  }
  return code;
}

// Bubblewrap reports its own failures as `bwrap: <reason>` on stderr; bounded like a status line.
const REASON_LIMIT_CHARS = 1_000;

/** The last line Bubblewrap printed about itself, as it printed it. */
export function bubblewrapReason(output: string): string | undefined {
  const lines = output.split('\n').map((line) => line.replace(/\r$/, ''));
  const reason = lines.reverse().find((line) => line.startsWith('bwrap: '));
  return reason?.slice(0, REASON_LIMIT_CHARS);
}

/**
 * Judges a confined launch that ended on its own: Bubblewrap exiting with no `exit-code`
 * document never ran the command, so the execution is a sandbox failure, not the command's
 * exit. A signal that ended Bubblewrap itself stays a signal fact.
 */
export function bubblewrapSetupFailure(
  exit: ChildExit | undefined,
  statusText: string,
  output: string,
): ExecError | undefined {
  if (exit === undefined || exit.signal !== null) return undefined;
  if (statusExitCode(statusText) !== undefined) return undefined;
  const reason = bubblewrapReason(output);
  const detail = reason ?? `bwrap exited with code ${exit.code ?? 'unknown'} without a reason`;
  return new ExecError(
    'sandbox-failed',
    `Bubblewrap could not set up the sandbox, so the command did not run: ${detail}`,
  );
}
