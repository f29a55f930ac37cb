import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './io.js';

/**
 * Where the Emacs bridge's entry is: `TOOLCALL_BRIDGE`, else the built `apps/emacs` beside this
 * app in the repository (an app never imports another, so the bridge runs as a child).
 */
export function bridgeEntry(env: NodeJS.ProcessEnv): string {
  return (
    env.TOOLCALL_BRIDGE || fileURLToPath(new URL('../../emacs/dist/bridge.js', import.meta.url))
  );
}

/** `toolcall bridge [--tools-module FILE]`: serves the Emacs bridge protocol on stdio. */
export async function bridgeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const entry = bridgeEntry(io.env ?? process.env);
  if (!existsSync(entry)) {
    io.stderr.write(
      `toolcall bridge: no bridge at ${entry} (build apps/emacs or set TOOLCALL_BRIDGE)\n`,
    );
    return 2;
  }
  const child = spawn(process.execPath, [entry, ...argv], {
    cwd: io.cwd ?? process.cwd(),
    env: io.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const input = io.stdin ?? process.stdin;
  input.pipe(child.stdin);
  // The bridge exits when its input ends; an input that ends first must not break the pipe.
  child.stdin.on('error', () => undefined);
  child.stdout.pipe(io.stdout, { end: false });
  child.stderr.pipe(io.stderr, { end: false });
  const stop = () => child.kill('SIGTERM');
  io.signal?.addEventListener('abort', stop, { once: true });
  const code = await new Promise<number | null>((resolve) => {
    child.once('close', (exit) => resolve(exit));
    child.once('error', () => resolve(null));
  });
  io.signal?.removeEventListener('abort', stop);
  input.unpipe(child.stdin);
  if (io.signal?.aborted) return 130;
  return code ?? 1;
}
