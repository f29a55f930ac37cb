// Speed goals of the toolcall command, each against a baseline measured in the same run:
//   1. cold start of `toolcall run -e '(+ 1 2)'` versus `node -e 0` (goal ≤ 3×);
//   2. MCP tools/call round trip of Read on a small file (goal: median ≤ 3 ms).
// Run after `tsup`: `corepack pnpm run bench`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const cwd = mkdtempSync(join(tmpdir(), 'toolcall-bench-'));
const env = { ...process.env, XDG_CONFIG_HOME: join(cwd, '.xdg') };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function timeProcess(args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
  return elapsed;
}

const runs = 15;
const baseline = ['-e', '0'];
const command = [bin, 'run', '-e', '(+ 1 2)'];
// One warm-up of each (file caches, and the command's code cache after a build); then the
// two alternate, so a change in the machine's load falls on both alike.
timeProcess(baseline);
timeProcess(command);
const nodeTimes = [];
const cliTimes = [];
for (let i = 0; i < runs; i += 1) {
  nodeTimes.push(timeProcess(baseline));
  cliTimes.push(timeProcess(command));
}
const node = median(nodeTimes);
const cli = median(cliTimes);
console.log(`cold start (median of ${runs}):`);
console.log(`  node -e 0                    ${node.toFixed(1)} ms`);
console.log(
  `  toolcall run -e '(+ 1 2)'    ${cli.toFixed(1)} ms   ${(cli / node).toFixed(2)}× (goal ≤ 3×)`,
);

writeFileSync(join(cwd, 'small.txt'), 'one\ntwo\nthree\n');
const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp'],
    cwd,
    env,
    stderr: 'ignore',
  }),
);
const calls = 300;
const times = [];
for (let i = 0; i < calls + 20; i += 1) {
  const start = process.hrtime.bigint();
  const result = await client.callTool({ name: 'Read', arguments: { file_path: 'small.txt' } });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.isError) throw new Error(`Read failed: ${JSON.stringify(result.content)}`);
  if (i >= 20) times.push(elapsed); // the first calls warm the JIT
}
await client.close();
console.log(
  `MCP tools/call Read round trip (median of ${calls}): ${median(times).toFixed(2)} ms (goal ≤ 3 ms)`,
);
