import { main } from './main.js';

// Ctrl-C cancels the running call (its processes are stopped); a second one exits at once.
const controller = new AbortController();
process.once('SIGINT', () => {
  controller.abort();
  process.once('SIGINT', () => process.exit(130));
});

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  signal: controller.signal,
});
