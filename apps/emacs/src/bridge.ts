import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Tool } from '@toolcall/pipeline';
import { handleHostSignals } from '@toolcall/tools/host-signals';
import { serveBridge } from './server.js';

// `--tools-module FILE` loads a module whose default export is an array of tools
// (defineTool results) to register beside the built-in ones.
async function loadTools(argv: readonly string[]): Promise<Tool[]> {
  const at = argv.indexOf('--tools-module');
  const file = at === -1 ? undefined : argv[at + 1];
  if (file === undefined) return [];
  const loaded = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
  if (!Array.isArray(loaded.default)) {
    process.stderr.write(`toolcall-bridge: ${file} must export an array of tools as default\n`);
    process.exit(2);
  }
  return loaded.default as Tool[];
}

// SIGTERM, SIGHUP or Ctrl-C: every process the tool sets started is stopped, then the bridge
// exits with 128 plus the signal's number; a second signal exits at once.
handleHostSignals();

const extraTools = await loadTools(process.argv.slice(2));
await serveBridge({
  input: process.stdin,
  output: process.stdout,
  workspace: process.cwd(),
  extraTools,
});
process.exit(0);
