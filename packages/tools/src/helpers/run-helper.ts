import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExecManager } from '@toolcall/exec';

/** One confined, one-shot helper run (ripgrep, pdftotext, pdftoppm). */
export interface HelperRequest {
  readonly argv: readonly string[];
  /** Directories the helper may read; informational until the exec sandbox enforces it. */
  readonly readRoots: readonly string[];
  /** Directories the helper may write. */
  readonly writeDirs?: readonly string[];
  /** The working directory; by default a private scratch directory made for this run. */
  readonly cwd?: string;
  readonly timeoutMs: number;
  /** Stop collecting (and stop the helper) once stdout holds this many bytes. */
  readonly maxOutputBytes?: number;
  /**
   * Sees each collected stdout chunk as it arrives; returning true stops the helper because the
   * caller has read all it needs. That ending is `stoppedEarly`, not partial output.
   */
  readonly enough?: (chunk: Buffer) => boolean;
  readonly signal?: AbortSignal;
  /**
   * Runs the helper confined through @toolcall/exec (private scratch cwd, read-only roots).
   * Its output interleaves stderr with stdout, so callers keep diagnostics off stderr there.
   */
  readonly manager?: ExecManager | undefined;
}

/** What a helper run produced; output is kept even when the run was cut short. */
export interface HelperResult {
  readonly stdout: Buffer;
  readonly stderr: string;
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly outputLimited: boolean;
  /** Whether `enough` stopped the helper: the output holds everything the caller needs. */
  readonly stoppedEarly?: boolean;
  /** Set when the helper could not be started at all. */
  readonly spawnError?: string;
}

/**
 * Runs a helper with a timeout and an output cap, stopping it with SIGKILL. This is the single
 * place that spawns helpers, so it can move to @toolcall/exec's confined `runHelper`.
 */
export function runHelper(request: HelperRequest): Promise<HelperResult> {
  if (request.manager !== undefined) return runConfined(request.manager, request);
  const [command, ...args] = request.argv;
  if (command === undefined) throw new TypeError('runHelper: argv must name a command');
  const limit = request.maxOutputBytes ?? Number.POSITIVE_INFINITY;
  // A private scratch cwd: ripgrep matches anchored globs relative to its cwd, so the cwd must
  // never be an ancestor of a searched root.
  const scratch =
    request.cwd === undefined ? mkdtempSync(path.join(tmpdir(), 'toolcall-helper-')) : undefined;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: request.cwd ?? scratch,
      // Not detached: a new session is a new scheduler autogroup on Linux, and on a loaded machine
      // that ran ripgrep up to 1.5x slower than the same command from a shell. The helpers
      // (ripgrep, pdftotext, pdfinfo, pdftoppm) are single processes, so stopping the child is enough.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TOOLCALL_EXECUTION: '1' },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let timedOut = false;
    let outputLimited = false;
    let stoppedEarly = false;
    let spawnError: string | undefined;
    const stop = (): void => {
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, request.timeoutMs);
    const onAbort = (): void => stop();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (outputLimited || stoppedEarly) return;
      chunks.push(chunk);
      size += chunk.length;
      if (request.enough?.(chunk) === true) {
        stoppedEarly = true;
        stop();
      } else if (size >= limit) {
        outputLimited = true;
        stop();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      spawnError = (error as NodeJS.ErrnoException).code ?? 'spawn failed';
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // Removing even an empty directory took ~2 ms on a busy disk, so it runs after the result.
      if (scratch !== undefined) void rm(scratch, { recursive: true, force: true }).catch(() => {});
      request.signal?.removeEventListener('abort', onAbort);
      resolve({
        stdout: Buffer.concat(chunks),
        stderr,
        exitCode: code,
        timedOut,
        outputLimited,
        stoppedEarly,
        ...(spawnError === undefined ? {} : { spawnError }),
      });
    });
  });
}

async function runConfined(manager: ExecManager, request: HelperRequest): Promise<HelperResult> {
  const limit = request.maxOutputBytes ?? Number.POSITIVE_INFINITY;
  let size = 0;
  let outputLimited = false;
  let stoppedEarly = false;
  // The byte cap and `enough` watch stdout as it streams, so the helper stops as early as unconfined.
  const onStdout = (chunk: Buffer): void => {
    if (outputLimited || stoppedEarly) return;
    size += chunk.length;
    if (request.enough?.(chunk) === true) {
      stoppedEarly = true;
      run.cancel();
    } else if (size >= limit) {
      outputLimited = true;
      run.cancel();
    }
  };
  const run = manager.runHelper({
    argv: request.argv,
    readRoots: request.readRoots,
    ...(request.writeDirs === undefined ? {} : { writeDirs: request.writeDirs }),
    timeoutMs: request.timeoutMs,
    onStdout,
  });
  const onAbort = (): void => run.cancel();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const settled = await run.result;
    if (!settled.success) {
      return {
        stdout: Buffer.alloc(0),
        stderr: '',
        exitCode: null,
        timedOut: false,
        outputLimited: false,
        spawnError: settled.error.code,
      };
    }
    const { output, facts } = settled.value;
    return {
      stdout: output.length > limit ? output.subarray(0, limit) : output,
      stderr: '',
      exitCode: facts.exitCode ?? null,
      timedOut: facts.timedOut,
      outputLimited: outputLimited || facts.outputLimited || output.length > limit,
      stoppedEarly,
    };
  } finally {
    request.signal?.removeEventListener('abort', onAbort);
  }
}
