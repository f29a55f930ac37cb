import { realpathSync, rmSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { ExecError } from './errors.js';
import type { ExecManager } from './manager.js';
import { fail, type Result, succeed } from './result.js';
import type { ExecutionFacts, OwnerId, SandboxSummary } from './types.js';

/** A one-shot helper invocation (ripgrep, diff, PDF tools). */
export interface HelperRequest {
  argv: readonly string[];
  /** Authorized read paths, mounted read-only even where a protected mask would hide them. */
  readRoots?: readonly string[];
  /** Explicit writable artifact directories; the scratch directory is always writable. */
  writeDirs?: readonly string[];
  timeoutMs?: number;
  owner?: OwnerId;
  /**
   * Sees each stdout chunk as it arrives (the result still holds the combined output), so a
   * caller can cancel once it has read enough.
   */
  onStdout?: (chunk: Buffer) => void;
}

/** The captured output and terminal facts of one helper. */
export interface HelperResult {
  output: Buffer;
  facts: ExecutionFacts;
  sandbox: SandboxSummary;
}

/** A running helper: its settlement and an idempotent cancel function. */
export interface HelperRun {
  result: Promise<Result<HelperResult>>;
  cancel: () => void;
}

/**
 * Runs one helper in a private scratch working directory (removed afterwards) under the
 * manager's owner, spool, limits and confinement; a non-zero exit is a fact, not a failure.
 */
export function runHelper(manager: ExecManager, request: HelperRequest): HelperRun {
  if (!Array.isArray(request.argv) || request.argv.length === 0) {
    throw new TypeError(
      `argv must be a non-empty array of strings, received ${String(request.argv)}`,
    );
  }
  let cancelled = false;
  let stop: (() => void) | undefined;
  const cancel = () => {
    if (cancelled) return;
    cancelled = true;
    stop?.();
  };
  const result = (async (): Promise<Result<HelperResult>> => {
    const scratch = manager.createScratchDirectory();
    try {
      if (cancelled)
        return fail(new ExecError('refused', 'The helper was cancelled before it started.'));
      const started = await manager.start({
        owner: request.owner ?? '/helpers',
        command: request.argv.join(' '),
        argv: request.argv,
        cwd: scratch,
        tty: false,
        confinement: { kind: 'default' },
        writableRoots: [scratch, ...(request.writeDirs ?? [])],
        readRoots: [...(request.readRoots ?? []), ...executableRoots(request.argv[0])],
        ...(request.onStdout === undefined ? {} : { onStdout: request.onStdout }),
      });
      if (!started.success) return started;
      const { execution, sandbox } = started.value;
      stop = () => void execution.stop('stopped');
      if (cancelled) stop();
      const timer =
        request.timeoutMs === undefined
          ? undefined
          : setTimeout(() => void execution.stop('timed-out'), request.timeoutMs);
      await execution.settled;
      clearTimeout(timer);
      // A launcher that failed before the helper ran is a failure, never the helper's exit.
      if (execution.launchFailure) return fail(execution.launchFailure);
      const output = await execution.spool.read(0);
      return succeed({ output, facts: execution.facts(), sandbox });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  })();
  return { result, cancel };
}

// A helper binary can live where confinement hides it (a project under /tmp sees
// only the sandbox's private /tmp), so its directory is bound read-only too.
function executableRoots(executable: string | undefined): string[] {
  if (executable === undefined || !isAbsolute(executable)) return [];
  const roots = new Set([dirname(executable)]);
  try {
    roots.add(dirname(realpathSync(executable)));
  } catch {
    // A missing executable fails at spawn with its own error.
  }
  return [...roots];
}
