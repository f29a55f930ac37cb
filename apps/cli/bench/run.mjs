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

function timeProcess(args, runs) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
  }
  return median(times);
}

const runs = 15;
// Interleave one warm-up of each so file caches are equally warm.
timeProcess(['-e', '0'], 1);
timeProcess([bin, 'run', '-e', '(+ 1 2)'], 1);
const node = timeProcess(['-e', '0'], runs);
const cli = timeProcess([bin, 'run', '-e', '(+ 1 2)'], runs);
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
