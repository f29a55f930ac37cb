import { loadToolsModule, serveBridge } from '@toolcall/emacs';
import type { CliIo } from './io.js';

/**
 * `toolcall bridge [--tools-module FILE]`: serves the Emacs bridge protocol on stdio, with the
 * bridge server of the @toolcall/emacs package; ends when the input closes, or on a signal.
 */
export async function bridgeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const tools = await loadToolsModule({
    argv,
    cwd,
    ...(io.importModule === undefined ? {} : { importModule: io.importModule }),
  });
  if (!tools.success) {
    io.stderr.write(`toolcall bridge: ${tools.error}\n`);
    return 2;
  }
  await serveBridge({
    input: io.stdin ?? process.stdin,
    output: io.stdout,
    workspace: cwd,
    extraTools: tools.value,
    ...(io.signal === undefined ? {} : { signal: io.signal }),
  });
  return io.signal?.aborted ? 130 : 0;
}
