import { constants } from 'node:os';
import { ExecError } from './errors.js';
import { joinCgroupArgv } from './process-cgroup.js';
import { fail, type Result, succeed } from './result.js';
import type { ChildExit, ChildHandle, SpawnRequest } from './spawn-child.js';
import { createProcessScope } from './terminate.js';

function signalName(signal: number | undefined): NodeJS.Signals | null {
  if (!signal) return null;
  const entry = Object.entries(constants.signals).find(([, value]) => value === signal);
  return (entry?.[0] as NodeJS.Signals | undefined) ?? null;
}

/**
 * Spawns under a node-pty terminal: the fallback where util-linux `script` is missing. node-pty
 * may drop the last kilobytes of a program that exits immediately, which `script` avoids.
 */
export async function spawnNodePty(request: SpawnRequest): Promise<Result<ChildHandle>> {
  let pty: typeof import('node-pty');
  try {
    pty = await import('node-pty');
  } catch (error) {
    return fail(
      new ExecError(
        'spawn-failed',
        'a terminal (tty) needs util-linux `script` or the optional package node-pty, and neither is available: install util-linux, or add node-pty to the project',
        { cause: error },
      ),
    );
  }
  const [file, ...args] = joinCgroupArgv(request.cgroup, request.argv);
  let terminal: import('node-pty').IPty;
  try {
    terminal = pty.spawn(file!, args, {
      name: request.env.TERM ?? 'xterm-256color',
      cols: 120,
      rows: 40,
      cwd: request.cwd,
      env: request.env,
      encoding: null,
    } as import('node-pty').IPtyForkOptions);
  } catch (error) {
    return fail(new ExecError('spawn-failed', (error as Error).message, { cause: error }));
  }
  const scope = createProcessScope(terminal.pid, request.cgroup?.procsFile);
  request.onSpawn?.(scope);
  const exited = new Promise<ChildExit>((resolve) => {
    terminal.onExit(({ exitCode, signal }) =>
      resolve({ code: signal ? null : exitCode, signal: signalName(signal) }),
    );
  });
  return succeed({
    scope,
    tty: true,
    exited,
    onData(listener) {
      terminal.onData((data: string | Buffer) =>
        listener(typeof data === 'string' ? Buffer.from(data) : data),
      );
    },
    // A terminal merges the streams and has no status pipe.
    onStdout() {},
    statusText: () => '',
    pause: () => terminal.pause(),
    resume: () => terminal.resume(),
    write(text) {
      terminal.write(text);
      return Promise.resolve();
    },
    finishOutput() {
      // node-pty reports exit only after its socket closed (or its own 200 ms bound).
      return Promise.resolve();
    },
  });
}
