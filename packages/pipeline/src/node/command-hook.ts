import { spawn } from 'node:child_process';
import type { HookDecision, HookEvent, HookInput, HookRegistration } from '../hook-types.js';

/** Options for a hook that runs an external command (Claude Code hook convention). */
export interface CommandHookOptions {
  event: HookEvent;
  matcher?: string;
  /** A shell command line, or the executable when `args` is given. */
  command: string;
  args?: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Default 30,000 ms. */
  timeoutMs?: number;
  /** Bytes of stdout/stderr kept before parsing; default 1 MiB. */
  outputLimit?: number;
  /** When true, a timeout, bad output or unexpected exit fails the call instead of being ignored. */
  failClosed?: boolean;
  /** Receives fail-open problems (timeouts, bad output, unexpected exits). */
  onFailure?: (message: string) => void;
  name?: string;
}

interface Completed {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(
  options: CommandHookOptions,
  input: HookInput,
  signal: AbortSignal,
): Promise<Completed> {
  const { command, args, cwd, env, timeoutMs = 30_000, outputLimit = 1 << 20 } = options;
  return new Promise((resolve, reject) => {
    const child =
      args === undefined
        ? spawn(command, { shell: true, cwd, env, stdio: 'pipe' })
        : spawn(command, [...args], { cwd, env, stdio: 'pipe' });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutSize = 0;
    let stderrSize = 0;
    let timedOut = false;
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    signal.addEventListener('abort', stop, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutSize < outputLimit) stdout.push(chunk.subarray(0, outputLimit - stdoutSize));
      stdoutSize += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderrSize < outputLimit) stderr.push(chunk.subarray(0, outputLimit - stderrSize));
      stderrSize += chunk.length;
    });
    child.stdin.on('error', () => {
      // A hook that exits without reading stdin is judged by its exit code alone.
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        timedOut,
      });
    });
    child.stdin.end(JSON.stringify(input));
  });
}

function blocked(event: HookEvent, reason: string): HookDecision {
  if (event === 'PreToolUse') return { permission_decision: 'deny', permission_reason: reason };
  if (event === 'PostToolUse') return { continue: false, stop_reason: reason };
  return { additional_context: reason };
}

/** A hook that runs an external command: JSON on stdin, JSON on stdout, exit 2 blocks with stderr. */
export function commandHook(options: CommandHookOptions): HookRegistration {
  if (typeof options?.command !== 'string' || options.command === '') {
    throw new TypeError('commandHook: `command` must be a non-empty string');
  }
  const { event, matcher, failClosed = false, onFailure } = options;
  const failure = (message: string): undefined => {
    if (failClosed) throw new Error(message);
    onFailure?.(message);
    return undefined;
  };
  return {
    event,
    ...(matcher === undefined ? {} : { matcher }),
    name: options.name ?? options.command,
    async run(input, { signal }) {
      let completed: Completed;
      try {
        completed = await run(options, input, signal);
      } catch (error) {
        return failure(`the hook command could not start: ${(error as Error).message}`);
      }
      if (completed.timedOut) return failure('the hook command timed out');
      if (completed.code === 2) {
        return blocked(event, completed.stderr.trim() || 'blocked by a hook command');
      }
      if (completed.code !== 0) return failure(`the hook command exited with ${completed.code}`);
      const text = completed.stdout.trim();
      if (text === '') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return failure('the hook command printed output that is not JSON');
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return failure('the hook command printed JSON that is not an object');
      }
      return parsed as HookDecision;
    },
  };
}
