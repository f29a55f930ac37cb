import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustConfigFile } from '@toolcall/tools';

/** The built binary. */
export const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** A fresh temporary directory. */
export function tempDir(prefix = 'toolcall-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The result of one finished `toolcall` process. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A running `toolcall` process: its output so far, its input while open, its end. */
export interface Running {
  done: Promise<Finished>;
  kill(signal: NodeJS.Signals): void;
  /** What it wrote to stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  /** Writes to its input; with `input: 'open'` the input stays open until `end`. */
  write(text: string): void;
  end(): void;
}

/**
 * Runs `toolcall ARGS` as a real process in `cwd`, with a private user config directory. Its
 * input is `input` and then closed, or stays open for `write` with `input: { open: true }`.
 */
export function toolcall(
  args: readonly string[],
  options: {
    cwd?: string;
    input?: string | { open: true };
    onStderr?: (text: string) => void;
  } = {},
): Running {
  const cwd = options.cwd ?? tempDir();
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: { ...process.env, XDG_CONFIG_HOME: join(cwd, '.xdg'), NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    options.onStderr?.(String(chunk));
  });
  // A command that exits without reading its input closes the pipe: that is not a failure.
  child.stdin.on('error', () => {});
  if (typeof options.input !== 'object') child.stdin.end(options.input ?? '');
  const done = new Promise<Finished>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return {
    done,
    kill: (signal) => child.kill(signal),
    output: () => ({ stdout, stderr }),
    write: (text) => child.stdin.write(text),
    end: () => child.stdin.end(),
  };
}

/**
 * Opens a raw JSON-RPC MCP session on a server's stdin (initialize, then initialized) and
 * returns the function that sends a message on it.
 */
export function startMcpSession(stdin: NodeJS.WritableStream): (message: object) => void {
  const send = (message: object) => {
    stdin.write(`${JSON.stringify(message)}\n`);
  };
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'test', version: '1.0.0' },
    },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return send;
}

/** A ToolCall checkpoint file, as far as the tests look at it. */
export interface Checkpoint {
  envelopeId: string;
  state: string;
  children: { tool: string; status: string }[];
}

/** The session's checkpoints as they are on disk now. */
export function checkpointsIn(directory: string): Checkpoint[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.toolcall.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(directory, name), 'utf8')) as Checkpoint];
      } catch {
        return [];
      }
    });
}

/** Resolves once `check` holds, looking again whenever the directory may have changed. */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Trusts `dir`'s `.toolcall/config.json` as it is now, in the trust store of the private user
 * config directory `toolcall()` gives the command (`dir/.xdg`).
 */
export async function trustWorkspace(dir: string): Promise<void> {
  const trusted = await trustConfigFile({
    file: join(dir, '.toolcall', 'config.json'),
    environment: { XDG_CONFIG_HOME: join(dir, '.xdg') },
  });
  if (!trusted.success) throw trusted.error;
}
