import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { ExecError } from './errors.js';
import {
  LAUNCHER_ACK_FD,
  LAUNCHER_SECOND_STATUS_FD,
  LAUNCHER_STATUS_FD,
  type Launcher,
} from './prejoined.js';
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
  /**
   * Called once the child holds its own copies of `extraFds`, so the host may close its: right
   * after a direct spawn returns, a moment later through a launcher.
   */
  onDescriptorsTaken?: () => void;
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
  if (request.cgroup && !findsExecutable(request.argv[0] ?? '', cwd, request.env.PATH)) {
    return fail(new ExecError('spawn-failed', `spawn ${request.argv[0]} ENOENT`));
  }
  const env = tty ? { ...request.env, SHELL: '/bin/sh' } : request.env;
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
  const exit = watchExit(child);
  const spawned = await waitForSpawn(child);
  if (!spawned.success) return spawned;
  const launcherSlot = request.launcherStatus ? launcherStatusSlot(request) : undefined;
  return succeed(
    assembleHandle(child, request, {
      scope: scope ?? createProcessScope(spawned.value, request.cgroup?.procsFile),
      exit,
      status:
        request.statusPipe && !tty
          ? (child.stdio[3 + (request.extraFds?.length ?? 0)] as Readable)
          : null,
      launcher: launcherSlot === undefined ? null : (child.stdio[launcherSlot] as Readable),
    }),
  );
}

/**
 * Makes a launcher waiting in its call's cgroup (see {@link Launcher}) exec the request: it
 * reopens the host's descriptors through /proc (the same open files, so an identity checked
 * before launch still holds), takes the status pipes it was started with, applies the
 * environment's differences from its own, and execs in the request's directory. Undefined when
 * the request cannot go that way (a terminal, an environment name bash cannot set, a missing
 * program); the caller then spawns it directly.
 */
export async function spawnThroughLauncher(
  launcher: Launcher,
  request: SpawnRequest,
): Promise<Result<ChildHandle> | undefined> {
  const { child } = launcher;
  const extraFds = request.extraFds ?? [];
  if (request.tty || extraFds.length > 40 || child.pid === undefined) return undefined;
  if (!findsExecutable(request.argv[0] ?? '', request.cwd, request.env.PATH)) return undefined;
  const delta = environmentDelta(launcher.environment, request.env);
  if (delta === undefined) return undefined;
  const lines = [
    'unset __toolcall_script',
    `exec 50>&${LAUNCHER_STATUS_FD} 51>&${LAUNCHER_SECOND_STATUS_FD} 52>&${LAUNCHER_ACK_FD} ${LAUNCHER_STATUS_FD}>&- ${LAUNCHER_SECOND_STATUS_FD}>&- ${LAUNCHER_ACK_FD}>&-`,
  ];
  extraFds.forEach((fd, index) => {
    lines.push(`exec ${3 + index}<${quoteShellWord(`/proc/${process.pid}/fd/${fd}`)} || exit 126`);
  });
  let slot = 3 + extraFds.length;
  if (request.statusPipe) lines.push(`exec ${slot++}>&50`);
  if (request.launcherStatus) lines.push(`exec ${slot++}>&51`);
  lines.push('exec 50>&- 51>&-');
  lines.push(`cd -- ${quoteShellWord(request.cwd)} || exit 126`);
  for (const name of delta.unset) lines.push(`unset ${name}`);
  for (const [name, value] of delta.set) lines.push(`export ${name}=${quoteShellWord(value)}`);
  // What bash itself changed in its own environment goes back to what the command is given.
  for (const name of ['PWD', 'OLDPWD']) {
    const value = request.env[name];
    lines.push(value === undefined ? `unset ${name}` : `export ${name}=${quoteShellWord(value)}`);
  }
  // Bash's `exec` lowers SHLVL by one on the way out; without one it leaves SHLVL=0, which the
  // shells every call runs (bash, or bwrap's bash) read as absent.
  const level = request.env.SHLVL;
  if (level !== undefined && /^\d{1,6}$/.test(level))
    lines.push(`export SHLVL=${Number(level) + 1}`);
  else if (level !== undefined) lines.push(`export SHLVL=${quoteShellWord(level)}`);
  else lines.push('unset SHLVL');
  lines.push('exec 0</dev/null 52>&-');
  lines.push(`exec -- ${request.argv.map(quoteShellWord).join(' ')}`);
  const exit = watchExit(child);
  const pipes = child.stdio as unknown as (Readable | null)[];
  // Taken for a call: it keeps the host alive from now on, as any call's process does.
  child.ref();
  for (const stream of pipes) (stream as { ref?: () => void } | null)?.ref?.();
  const ack = pipes[LAUNCHER_ACK_FD]!;
  const acknowledged = new Promise<void>((resolve) => {
    ack.once('end', resolve);
    ack.once('close', resolve);
    ack.once('error', () => resolve());
    void exit.exited.then(() => resolve());
  });
  ack.resume();
  try {
    writeFileSync(launcher.scriptPath, `${lines.join('\n')}\n`, { mode: 0o600 });
  } catch {
    return undefined;
  }
  child.stdin?.end(`${launcher.scriptPath}\0`);
  const scope = createProcessScope(child.pid, launcher.cgroup.procsFile);
  request.onSpawn?.(scope);
  // The host's copies of the lent descriptors may close once the launcher holds its own; the
  // call goes on meanwhile.
  void acknowledged.then(() => {
    rmSync(launcher.scriptPath, { force: true });
    ack.destroy();
    request.onDescriptorsTaken?.();
  });
  const status = pipes[LAUNCHER_STATUS_FD]!;
  const second = pipes[LAUNCHER_SECOND_STATUS_FD]!;
  if (!request.statusPipe) status.destroy();
  if (!request.launcherStatus) second.destroy();
  return succeed(
    assembleHandle(child, request, {
      scope,
      exit,
      status: request.statusPipe ? status : null,
      launcher: request.launcherStatus ? second : null,
    }),
  );
}

const SETTABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Names bash keeps for itself or that the launcher restores on its own.
const BASH_OWN = new Set([
  'SHLVL',
  'PWD',
  'OLDPWD',
  '_',
  'BASHOPTS',
  'SHELLOPTS',
  'BASHPID',
  'PPID',
  'UID',
  'EUID',
  'GROUPS',
  'IFS',
]);

/** What to unset and export to turn `from` into `to`; undefined when bash cannot do it. */
function environmentDelta(
  from: Readonly<Record<string, string>>,
  to: Readonly<Record<string, string>>,
): { unset: string[]; set: [string, string][] } | undefined {
  const unset: string[] = [];
  const set: [string, string][] = [];
  for (const name of Object.keys(from)) {
    if (BASH_OWN.has(name)) continue;
    if (!(name in to)) unset.push(name);
  }
  for (const [name, value] of Object.entries(to)) {
    if (BASH_OWN.has(name)) continue;
    if (from[name] !== value) set.push([name, value]);
  }
  const changed = [...unset, ...set.map(([name]) => name)];
  if (changed.some((name) => !SETTABLE_NAME.test(name) || name.startsWith('BASH'))) {
    return undefined;
  }
  return { unset, set };
}

interface ExitWatch {
  exited: Promise<ChildExit>;
  hasExited: () => boolean;
}

function watchExit(child: ChildProcess): ExitWatch {
  let hasExited = false;
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolve({ code, signal });
    });
  });
  return { exited, hasExited: () => hasExited };
}

function assembleHandle(
  child: ChildProcess,
  request: SpawnRequest,
  parts: {
    scope: ProcessScope;
    exit: ExitWatch;
    status: Readable | null;
    launcher: Readable | null;
  },
): ChildHandle {
  const { tty } = request;
  const { scope: childScope, status, launcher } = parts;
  const stdout = child.stdout!;
  const stderr = child.stderr!;
  child.stdin?.on('error', () => undefined);
  const statusChunks: Buffer[] = [];
  const statusDone = status ? collectStatus(status, statusChunks) : null;
  const launcherChunks: Buffer[] = [];
  let launcherEnded = false;
  launcher?.once('end', () => {
    launcherEnded = true;
  });
  const launcherDone = launcher ? collectStatus(launcher, launcherChunks) : null;
  // The terminal's session leader is script's child; learn its group while the ancestry is visible.
  if (tty) void discoverChildGroups(childScope, 1_000, parts.exit.hasExited);
  const handle: ChildHandle = {
    scope: childScope,
    tty,
    exited: parts.exit.exited,
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
      for (const pipe of [status, launcher]) pipe?.destroy();
      child.stdin?.destroy();
    },
  };
  return handle;
}
