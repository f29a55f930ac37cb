import { handleHostSignals } from '@toolcall/tools/host-signals';
import { serveBridge } from './server.js';
import { loadToolsModule } from './tools-module.js';

// SIGTERM, SIGHUP or Ctrl-C: every process the tool sets started is stopped, then the bridge
// exits with 128 plus the signal's number; a second signal exits at once.
handleHostSignals();

const tools = await loadToolsModule({ argv: process.argv.slice(2), cwd: process.cwd() });
if (!tools.success) {
  process.stderr.write(`toolcall-bridge: ${tools.error}\n`);
  process.exit(2);
}
await serveBridge({
  input: process.stdin,
  output: process.stdout,
  workspace: process.cwd(),
  extraTools: tools.value,
});
process.exit(0);
