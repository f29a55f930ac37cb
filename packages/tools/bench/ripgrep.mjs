// Grep and Glob without an exec manager against raw ripgrep with the exact argv the tool passed,
// over a large tree, in one run. Run alone after a build: `node bench/ripgrep.mjs`
// (bench/run.mjs runs it too; bench/grep.mjs measures Grep through a tool set, confined or not).
// BENCH_ROUNDS sets the paired rounds per case (default 15); BENCH_TREE a tree to search instead
// of a copy of the repository's node_modules; BENCH_TOOLS_DIST another build's dist/index.js
// (an earlier commit's, to compare before and after in the same conditions).
import childProcess, { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The @vscode/ripgrep binary the tools use, so both sides run the same ripgrep. */
export function ripgrepPath() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@vscode/ripgrep');
  return createRequire(entry).resolve(`@vscode/ripgrep-${process.platform}-${process.arch}/bin/rg`);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const rg = ripgrepPath();

/** Runs `action` while recording every `child_process.spawn` call the tools make. */
async function recordSpawns(action) {
  const original = childProcess.spawn;
  const calls = [];
  childProcess.spawn = function recorded(...spawnArgs) {
    const [command, args, options] = spawnArgs;
    calls.push({ command, args: [...(args ?? [])], cwd: options?.cwd });
    return original.apply(this, spawnArgs);
  };
  syncBuiltinESMExports();
  try {
    await action();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
  return calls;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))];
}

async function timeTool(pipeline, name, input) {
  const started = process.hrtime.bigint();
  const outcome = await pipeline.runTool({ name, input, toolUseId: `bench_${Math.random()}` })
    .outcome;
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (outcome.status !== 'success') throw new Error(`${name} failed: ${outcome.result}`);
  return { elapsed, result: String(outcome.result) };
}

function timeSpawn({ command, args, cwd }) {
  const started = process.hrtime.bigint();
  const run = spawnSync(command, args, { cwd, maxBuffer: 1 << 30 });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0 && run.status !== 1) {
    throw new Error(
      `${command} exited ${run.status}: ${run.stderr}${run.stdout.subarray(0, 2000)}`,
    );
  }
  return { elapsed, bytes: run.stdout.length };
}

/** The baseline for a recorded helper spawn: the same argv in a scratch directory of the bench's own. */
function baselineOf(call, scratch) {
  const cwd = call.cwd;
  const args = call.args.map((arg) => (cwd !== undefined && arg === cwd ? scratch : arg));
  return { command: call.command, args, cwd: scratch };
}

function shown(baseline, tree) {
  return [baseline.command, ...baseline.args]
    .map((word) => word.split(tree).join('<tree>').split(rg).join('rg'))
    .join(' ');
}

/** The cases: several patterns and modes, each a tool call measured against its recorded argv. */
function cases(tree) {
  return [
    ['Grep files_with_matches "function" (all)', 'Grep', { pattern: 'function', head_limit: 0 }],
    ['Grep files_with_matches "function" (first 250)', 'Grep', { pattern: 'function' }],
    ['Grep files_with_matches rare "createRequire"', 'Grep', { pattern: 'createRequire' }],
    [
      'Grep count "function" (all)',
      'Grep',
      { pattern: 'function', output_mode: 'count', head_limit: 0 },
    ],
    [
      'Grep content "function" (first 250 lines)',
      'Grep',
      { pattern: 'function', output_mode: 'content' },
    ],
    [
      'Grep content -i "sourceMappingURL=data" (all)',
      'Grep',
      { pattern: 'sourceMappingURL=data', output_mode: 'content', '-i': true, head_limit: 0 },
    ],
    [
      'Grep content -C 2 "createRequire" (all)',
      'Grep',
      { pattern: 'createRequire', output_mode: 'content', '-C': 2, head_limit: 0 },
    ],
    ['Glob "**/*.d.ts" (stops at 100 results)', 'Glob', { pattern: '**/*.d.ts' }],
    ['Glob "**/LICENSE.md" (every result)', 'Glob', { pattern: '**/LICENSE.md' }],
  ].map(([label, name, input]) => ({ label, name, input: { path: tree, ...input } }));
}

/**
 * Measures each case in paired rounds that alternate which side runs first, and reports the
 * medians and the median of the per-round ratios (with its interquartile range).
 */
async function measure({ pipeline, tree, scratch, rounds, goal }) {
  const lines = [];
  for (const { label, name, input } of cases(tree)) {
    const calls = await recordSpawns(() => timeTool(pipeline, name, input));
    const call = calls.findLast((spawned) => spawned.args.includes(rg) || spawned.command === rg);
    if (call === undefined) throw new Error(`${label}: the tool spawned no ripgrep`);
    const baseline = baselineOf(call, scratch);
    timeSpawn(baseline);
    const toolTimes = [];
    const baseTimes = [];
    const ratios = [];
    let bytes = 0;
    let result = '';
    for (let round = 0; round < rounds; round += 1) {
      let tool;
      let base;
      if (round % 2 === 0) {
        tool = await timeTool(pipeline, name, input);
        base = timeSpawn(baseline);
      } else {
        base = timeSpawn(baseline);
        tool = await timeTool(pipeline, name, input);
      }
      toolTimes.push(tool.elapsed);
      baseTimes.push(base.elapsed);
      ratios.push(tool.elapsed / base.elapsed);
      bytes = base.bytes;
      result = tool.result;
    }
    const ratio = median(ratios);
    const verdict = ratio <= goal ? 'ok' : 'OVER GOAL';
    const summary = `${label.padEnd(48)} tool ${median(toolTimes).toFixed(1).padStart(7)} ms   rg ${median(baseTimes).toFixed(1).padStart(7)} ms   ratio ${ratio.toFixed(2)}x [${quantile(ratios, 0.25).toFixed(2)}–${quantile(ratios, 0.75).toFixed(2)}] (goal ≤ ${goal}x) ${verdict}`;
    console.log(summary);
    const resultLines = result.split('\n');
    console.log(
      `    rg output ${(bytes / 1024).toFixed(0)} KiB; tool result ${resultLines.length} lines, last: ${JSON.stringify(resultLines.at(-1).slice(0, 70))}`,
    );
    console.log(`    baseline: ${shown(baseline, tree)}`);
    lines.push(summary);
  }
  return lines;
}

/**
 * Runs the Grep/Glob cases unconfined (`createFileTools` without an exec manager: the tool spawns
 * ripgrep directly) against ripgrep with the argv the tool passed, over a large tree. Grep
 * through a tool set's exec manager, confined and not, is measured in bench/grep.mjs.
 */
export async function benchSearch({ rounds = Number(process.env.BENCH_ROUNDS ?? 15) } = {}) {
  const dist = process.env.BENCH_TOOLS_DIST;
  const { createFileTools, createTargetPreparer } = await import(
    dist === undefined ? '../dist/index.js' : pathToFileURL(path.resolve(dist)).href
  );
  const { createPipeline } = await import('@toolcall/pipeline');
  const { createNodeResources } = await import('@toolcall/resources/node');
  const scratch = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-search-bench-')));
  try {
    let tree = process.env.BENCH_TREE;
    if (tree === undefined) {
      // The repository's .gitignore ignores node_modules, so Grep (which honours ignore files)
      // would search nothing there; a copy outside the repository is searched in full.
      tree = path.join(scratch, 'node_modules');
      execFileSync('cp', ['-a', path.resolve(here, '../../../node_modules/.pnpm'), tree]);
    }
    const baselineCwd = path.join(scratch, 'cwd');
    await mkdir(baselineCwd);
    const files = execFileSync(rg, ['--files', '--hidden', '--no-ignore', tree], {
      maxBuffer: 1 << 30,
    })
      .toString()
      .split('\n').length;
    if (dist !== undefined) console.log(`tools build: ${dist}`);
    console.log(
      `search tree: ${tree} (${files - 1} files); ${rounds} paired rounds per case, alternating which side runs first; medians, ratio = median of per-round ratios [interquartile range]`,
    );
    const resources = createNodeResources({ workspace: tree });
    const unconfined = createPipeline({
      tools: createFileTools({ cwd: tree, resources }),
      mode: 'full-auto',
      rules: [],
      resources: createTargetPreparer({ cwd: tree, resources, sessionId: undefined }),
    });
    console.log(
      '-- unconfined: createFileTools without an exec manager, the tool spawns ripgrep directly; baseline: rg with the same argv',
    );
    await measure({ pipeline: unconfined, tree, scratch: baselineCwd, rounds, goal: 1.15 });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  await benchSearch();
}
