import { setFlagsFromString } from 'node:v8';
import { handleHostSignals } from '@toolcall/tools/host-signals';
import { loadCachedBundle } from './compile-cache.js';
import type * as Commands from './main.js';

// Loading the tool set allocates a lot at once: a larger young generation saves most of the
// scavenges that would otherwise dominate a short run's start-up.
setFlagsFromString('--max-semi-space-size=32');

// The commands are one bundle beside this file, compiled through V8's code cache.
const bundle = loadCachedBundle<typeof Commands>(new URL('./main.cjs', import.meta.url));

// A reader that stops early (`toolcall tools | head -1`) ends the output, quietly, the way
// Unix tools end on a closed pipe; any other stream failure is one line, never a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && stream === process.stdout) {
      process.stderr.write(`toolcall: cannot write output: ${error.message}\n`);
    }
    process.exit(error.code === 'EPIPE' ? (process.exitCode ?? 0) : 1);
  });
}

// Ctrl-C, SIGTERM or SIGHUP cancels the running call and ends the command (the MCP server
// closes); then every process its tool sets started is stopped, and the exit code is 128 plus
// the signal's number. A second signal exits at once.
const controller = new AbortController();
let ended: () => void = () => {};
const commandEnded = new Promise<void>((resolve) => {
  ended = resolve;
});
const signals = handleHostSignals({
  onSignal: () => controller.abort(),
  ended: () => commandEnded,
});

const code = await bundle.exports.main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  signal: controller.signal,
  importModule: (url) => import(url),
});
ended();
// Ended by a signal: the handler exits once the cleanups have run.
if (signals.received() === undefined) {
  process.exitCode = code;
  bundle.saveCache();
}
