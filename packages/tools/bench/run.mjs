// Benchmarks the file tools against their command-line baselines in one run:
// Grep vs rg (and, through a tool set, vs rg and bwrap ... rg), Glob vs rg --files -g,
// Read vs sed -n, ApplyPatch vs git apply.
// Run after a build: `pnpm --filter @toolcall/tools bench`.
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createToolSet } from '../dist/index.js';
import { benchGrep } from './grep.mjs';
import { benchSearch } from './ripgrep.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 9);

// The machine is shared and loaded, so the best round estimates each side's own cost.
function best(values) {
  return Math.min(...values);
}

function timeCommand(command, args, options = {}) {
  const started = process.hrtime.bigint();
  const run = spawnSync(command, args, { maxBuffer: 1 << 30, cwd: options.cwd ?? tmpdir() });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${command} failed: ${run.stderr}`);
  return elapsed;
}

// `expected`, when given, checks the result, so a shortcut answer is never timed as the work.
async function timeTool(pipeline, name, input, expected) {
  const started = process.hrtime.bigint();
  const outcome = await pipeline.runTool({ name, input, toolUseId: `bench_${Math.random()}` })
    .outcome;
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (outcome.status !== 'success') throw new Error(`${name} failed: ${outcome.result}`);
  if (expected !== undefined && !expected(String(outcome.result))) {
    throw new Error(`${name} answered unexpectedly: ${String(outcome.result).slice(0, 200)}`);
  }
  return elapsed;
}

// Alternates tool and baseline so machine load affects both alike; reports the best rounds.
async function compare(label, tool, baseline, goal) {
  const toolTimes = [];
  const baseTimes = [];
  await tool();
  baseline();
  for (let round = 0; round < rounds; round += 1) {
    toolTimes.push(await tool());
    baseTimes.push(baseline());
  }
  const ratio = best(toolTimes) / best(baseTimes);
  const verdict = ratio <= goal ? 'ok' : 'OVER GOAL';
  console.log(
    `${label.padEnd(44)} tool ${best(toolTimes).toFixed(1).padStart(8)} ms   baseline ${best(baseTimes).toFixed(1).padStart(8)} ms   ratio ${ratio.toFixed(2)}x (goal ≤ ${goal}x) ${verdict}`,
  );
}

const scratch = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-tools-bench-')));
try {
  // Grep and Glob: several patterns and modes against rg with the argv the tool passed.
  await benchSearch();
  // Grep through a tool set, sandbox off and required, against rg and bwrap ... rg.
  await benchGrep();

  // Read: 100 lines at line 1,000,000 of a generated 200 MB file.
  const big = path.join(scratch, 'big.txt');
  await new Promise((resolve, reject) => {
    const out = createWriteStream(big);
    const line = `${'x'.repeat(190)}\n`;
    let written = 0;
    const chunk = line.repeat(5000);
    const write = () => {
      while (written < 1_050_000) {
        written += 5000;
        if (!out.write(chunk)) return out.once('drain', write);
      }
      out.end(resolve);
    };
    out.on('error', reject);
    write();
  });
  const readSet = createToolSet({ workspace: scratch, permissions: { mode: 'full-auto' } });
  await compare(
    'Read 100 lines at line 1,000,000 of 200 MB',
    () => {
      // Read tells the root conversation that a re-read file is unchanged: forget each round.
      readSet.forgetReads();
      return timeTool(
        readSet.pipeline,
        'Read',
        { file_path: big, offset: 1_000_000, limit: 100 },
        (result) => result.startsWith('1000000\t'),
      );
    },
    () => timeCommand('sed', ['-n', '1000000,1000099p', big]),
    1.5,
  );
  await readSet.close();
  await rm(big);

  // ApplyPatch: the same 50-file change as an ApplyPatch patch and as a unified diff.
  const patchRoot = path.join(scratch, 'patch');
  await mkdir(patchRoot);
  const forward = ['*** Begin Patch'];
  const backward = ['*** Begin Patch'];
  let diff = '';
  for (let file = 0; file < 50; file += 1) {
    const name = `src/file-${file}.ts`;
    await mkdir(path.join(patchRoot, 'src'), { recursive: true });
    const lines = Array.from({ length: 300 }, (_, line) => `export const value${line} = ${line};`);
    await writeFile(path.join(patchRoot, name), `${lines.join('\n')}\n`);
    forward.push(
      `*** Update File: ${name}`,
      '@@',
      ' export const value99 = 99;',
      '-export const value100 = 100;',
      '+export const value100 = 1000;',
      ' export const value101 = 101;',
    );
    backward.push(
      `*** Update File: ${name}`,
      '@@',
      ' export const value99 = 99;',
      '-export const value100 = 1000;',
      '+export const value100 = 100;',
      ' export const value101 = 101;',
    );
    diff += `--- a/${name}\n+++ b/${name}\n@@ -100,3 +100,3 @@\n export const value99 = 99;\n-export const value100 = 100;\n+export const value100 = 1000;\n export const value101 = 101;\n`;
  }
  forward.push('*** End Patch');
  backward.push('*** End Patch');
  await writeFile(path.join(scratch, 'change.diff'), diff);
  const patchSet = createToolSet({ workspace: patchRoot, permissions: { mode: 'full-auto' } });
  let applied = false;
  await compare(
    'ApplyPatch 50 files vs git apply',
    async () => {
      const time = await timeTool(patchSet.pipeline, 'ApplyPatch', {
        patch: (applied ? backward : forward).join('\n'),
      });
      applied = !applied;
      return time;
    },
    () => {
      const args = applied
        ? ['apply', '-R', path.join(scratch, 'change.diff')]
        : ['apply', path.join(scratch, 'change.diff')];
      const time = timeCommand('git', args, { cwd: patchRoot });
      applied = !applied;
      return time;
    },
    2,
  );
  await patchSet.close();
} finally {
  await rm(scratch, { recursive: true, force: true });
}
