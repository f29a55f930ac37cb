import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ExecError } from './errors.js';
import { type CallCgroup, findsExecutable, joinCgroupArgv } from './process-cgroup.js';
import { fail, type Result, succeed } from './result.js';
import { spawnNodePty } from './spawn-node-pty.js';
import { createProcessScope, discoverChildGroups, type ProcessScope } from './terminate.js';

/** How the main process of an execution ended. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A spawned process in its own group, with its combined output as a stream of chunks. */
export interface ChildHandle {
  readonly scope: ProcessScope;
  readonly tty: boolean;
  readonly exited: Promise<ChildExit>;
  onData(listener: (chunk: Buffer) => void): void;
  /** Calls `listener` with stdout chunks only (pipe mode), beside the combined stream. */
  onStdout(listener: (chunk: Buffer) => void): void;
  /** Text written to the status pipe (empty without one), complete once output has finished. */
  statusText(): string;
  /**
   * Text the launcher wrote to its status pipe, or undefined until the pipe has ended (it may
   * not have when output finishing hit its bound); present only when the pipe was opened.
   */
  readonly launcherStatus?: () => string | undefined;
  pause(): void;
  resume(): void;
  /** Writes terminal input; only pseudo-terminal children have stdin. */
  write(text: string): Promise<void>;
  /** Waits (at most `boundMs`) for buffered output after exit, then closes the streams. */
  finishOutput(boundMs: number): Promise<void>;
}

/** What to spawn. */
export interface SpawnRequest {
  argv: readonly string[];
  cwd: string;
  env: Record<string, string>;
  tty: boolean;
  /** Extra file descriptors passed as 3, 4, … (pipe mode only). */
  extraFds?: readonly number[];
  /** Which pseudo-terminal backend to use; `auto` prefers util-linux script. */
  ptyBackend?: PtyBackend;
  /** Opens one more pipe after the extra descriptors (fd 3 + extraFds.length) and collects it (pipe mode only). */
  statusPipe?: boolean;
  /** Opens one more pipe at {@link launcherStatusSlot} for the launcher's status, and collects it. */
  launcherStatus?: boolean;
  /** Receives the child's scope as soon as its pid exists, before the spawn is confirmed. */
  onSpawn?: (scope: ProcessScope) => void;
  /** The call's cgroup, which the child is born in. */
  cgroup?: CallCgroup;
}

/** The pseudo-terminal backends: util-linux script where present, else node-pty. */
export type PtyBackend = 'auto' | 'script' | 'node-pty';

/** Quotes one word for a POSIX shell. */
export function quoteShellWord(word: string): string {
  return /^[A-Za-z0-9_./=:@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

const SCRIPT_PATH = ['/usr/bin/script', '/bin/script'].find((path) => existsSync(path));

function ptyArgv(argv: readonly string[], env: Record<string, string>): string[] {
  // util-linux script allocates the terminal, owns its session and drains it fully on a fast
  // exit; its -c runs through $SHELL, so the child's own SHELL is restored before exec.
  const restore = env.SHELL === undefined ? '' : `export SHELL=${quoteShellWord(env.SHELL)}; `;
  const command = `${restore}exec ${argv.map(quoteShellWord).join(' ')}`;
  return [SCRIPT_PATH!, '-q', '-e', '-E', 'never', '-c', command, '/dev/null'];
}

function usesNodePty(request: Pick<SpawnRequest, 'tty' | 'ptyBackend'>): boolean {
  const backend = request.ptyBackend ?? 'auto';
  return request.tty && (backend === 'node-pty' || (backend === 'auto' && !supportsPty()));
}

/** Whether extra descriptors reach the child: every backend but node-pty passes them. */
export function passesDescriptors(request: Pick<SpawnRequest, 'tty' | 'ptyBackend'>): boolean {
  return !usesNodePty(request);
}

/**
 * Where a launcher status descriptor lands in the child: after the extra descriptors and the
 * status pipe. util-linux script passes it through to its child; node-pty cannot, so none.
 */
export function launcherStatusSlot(
  request: Pick<SpawnRequest, 'tty' | 'ptyBackend' | 'extraFds' | 'statusPipe'>,
): number | undefined {
  if (usesNodePty(request)) return undefined;
  const statusPipe = request.statusPipe && !request.tty ? 1 : 0;
  return 3 + (request.extraFds?.length ?? 0) + statusPipe;
}

/** Whether the lossless util-linux script pseudo-terminal backend is available. */
export function supportsPty(): boolean {
  return SCRIPT_PATH !== undefined && process.platform === 'linux';
}

function waitForSpawn(child: ChildProcess): Promise<Result<number>> {
  return new Promise((resolve) => {
    child.once('spawn', () => resolve(succeed(child.pid!)));
    child.once('error', (error) =>
      resolve(fail(new ExecError('spawn-failed', error.message, { cause: error }))),
    );
  });
}

function closed(stream: NodeJS.ReadableStream & { closed?: boolean }): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

// Status lines are tiny; anything past this bound is not a status and is dropped.
const STATUS_LIMIT_BYTES = 64 * 1024;

function collectStatus(stream: NodeJS.ReadableStream, chunks: Buffer[]): Promise<void> {
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= STATUS_LIMIT_BYTES) chunks.push(chunk);
  });
  stream.on('error', () => undefined);
  return closed(stream);
}

function spawnDetached(
  argv: readonly string[],
  cwd: string,
  env: Record<string, string>,
  tty: boolean,
  request: SpawnRequest,
): ChildProcess {
  return spawn(argv[0]!, argv.slice(1), {
    cwd,
    env,
    detached: true,
    stdio: [
      tty ? 'pipe' : 'ignore',
      'pipe',
      'pipe',
      ...(request.extraFds ?? []),
      ...(request.statusPipe && !tty ? (['pipe'] as const) : []),
      ...(request.launcherStatus ? (['pipe'] as const) : []),
    ],
  });
}

/** Spawns `argv` as the leader of a new process group (and session), pipe or pseudo-terminal mode. */
export async function spawnChild(request: SpawnRequest): Promise<Result<ChildHandle>> {
  const { cwd, tty } = request;
  if (usesNodePty(request)) return spawnNodePty(request);
  if (tty && !supportsPty()) {
    return fail(new ExecError('spawn-failed', 'The script pseudo-terminal backend is unavailable'));
  }
  const env = tty ? { ...request.env, SHELL: '/bin/sh' } : request.env;
  if (request.cgroup && !findsExecutable(request.argv[0] ?? '', cwd, request.env.PATH)) {
    return fail(new ExecError('spawn-failed', `spawn ${request.argv[0]} ENOENT`));
  }
  const argv = joinCgroupArgv(
    request.cgroup,
    tty ? ptyArgv(request.argv, request.env) : request.argv,
  );
  let child: ChildProcess;
  try {
    child = spawnDetached(argv, cwd, env, tty, request);
  } catch (error) {
    return fail(new ExecError('spawn-failed', (error as Error).message, { cause: error }));
  }
  // The pid exists once spawn() returns; whoever must kill the child at process exit learns it now.
  const scope =
    child.pid === undefined ? undefined : createProcessScope(child.pid, request.cgroup?.procsFile);
  if (scope) request.onSpawn?.(scope);
  let hasExited = false;
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolve({ code, signal });
    });
  });
  const spawned = await waitForSpawn(child);
  if (!spawned.success) return spawned;
  const stdout = child.stdout!;
  const stderr = child.stderr!;
  child.stdin?.on('error', () => undefined);
  const status =
    request.statusPipe && !tty ? child.stdio[3 + (request.extraFds?.length ?? 0)] : null;
  const statusChunks: Buffer[] = [];
  const statusDone = status ? collectStatus(status as NodeJS.ReadableStream, statusChunks) : null;
  const launcherSlot = request.launcherStatus ? launcherStatusSlot(request) : undefined;
  const launcher = launcherSlot === undefined ? null : child.stdio[launcherSlot];
  const launcherChunks: Buffer[] = [];
  let launcherEnded = false;
  launcher?.once('end', () => {
    launcherEnded = true;
  });
  const launcherDone = launcher
    ? collectStatus(launcher as NodeJS.ReadableStream, launcherChunks)
    : null;
  const childScope = scope ?? createProcessScope(spawned.value, request.cgroup?.procsFile);
  // The terminal's session leader is script's child; learn its group while the ancestry is visible.
  if (tty) void discoverChildGroups(childScope, 1_000, () => hasExited);
  const handle: ChildHandle = {
    scope: childScope,
    tty,
    exited,
    onData(listener) {
      stdout.on('data', listener);
      stderr.on('data', listener);
    },
    onStdout(listener) {
      stdout.on('data', listener);
    },
    statusText() {
      return Buffer.concat(statusChunks).toString('utf8');
    },
    ...(launcher
      ? {
          launcherStatus: () =>
            launcherEnded ? Buffer.concat(launcherChunks).toString('utf8') : undefined,
        }
      : {}),
    pause() {
      stdout.pause();
      stderr.pause();
    },
    resume() {
      stdout.resume();
      stderr.resume();
    },
    write(text) {
      const stdin = child.stdin;
      if (!stdin || stdin.destroyed) return Promise.resolve();
      return new Promise((resolve) => stdin.write(text, () => resolve()));
    },
    async finishOutput(boundMs) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, boundMs);
      });
      stdout.resume();
      stderr.resume();
      const streams = [closed(stdout), closed(stderr), statusDone, launcherDone];
      await Promise.race([Promise.all(streams), bound]);
      clearTimeout(timer);
      stdout.destroy();
      stderr.destroy();
      for (const pipe of [status, launcher]) {
        (pipe as (NodeJS.ReadableStream & { destroy?: () => void }) | null)?.destroy?.();
      }
      child.stdin?.destroy();
    },
  };
  return succeed(handle);
}
