import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A test client for the real bridge process: raw lines out, parsed messages in. */
export interface BridgeClient {
  child: ChildProcess;
  /** What the bridge wrote to stderr so far (also passed on to this process's stderr). */
  stderr(): string;
  write(line: string): void;
  next(predicate: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Takes every message received so far that matches, in order. */
  taken(predicate: (message: Record<string, unknown>) => boolean): Record<string, unknown>[];
  request(
    id: number,
    method: string,
    params?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  close(): Promise<number | null>;
}

const bridge = fileURLToPath(new URL('../dist/bridge.js', import.meta.url));
const tools = fileURLToPath(new URL('./fixtures/fs-tools.mjs', import.meta.url));

/**
 * Starts dist/bridge.js with the fixture tools (which replace Read and Grep with plain ones),
 * or with the built-in tools only, and collects every message it writes.
 */
export function startBridge(cwd: string, options: { fixtureTools?: boolean } = {}): BridgeClient {
  const args = options.fixtureTools === false ? [] : ['--tools-module', tools];
  const child = spawn(process.execPath, [bridge, ...args], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    process.stderr.write(chunk);
  });
  const seen: Record<string, unknown>[] = [];
  const waiters: {
    predicate: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    const at = waiters.findIndex((w) => w.predicate(message));
    if (at === -1) seen.push(message);
    else waiters.splice(at, 1)[0]?.resolve(message);
  });
  const next: BridgeClient['next'] = (predicate) => {
    const at = seen.findIndex(predicate);
    if (at !== -1) return Promise.resolve(seen.splice(at, 1)[0] as Record<string, unknown>);
    return new Promise((resolve) => waiters.push({ predicate, resolve }));
  };
  const taken: BridgeClient['taken'] = (predicate) => {
    const matching = seen.filter(predicate);
    for (const message of matching) seen.splice(seen.indexOf(message), 1);
    return matching;
  };
  const write = (line: string) => child.stdin.write(`${line}\n`);
  return {
    child,
    stderr: () => stderr,
    write,
    next,
    taken,
    request: (id, method, params = {}) => {
      write(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      return next((m) => m.id === id && !('method' in m));
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.stdin.end();
      }),
  };
}
