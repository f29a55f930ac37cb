// Grep through a pipeline beside the same search by raw ripgrep, in one run:
//   Grep, file tools without an exec manager  vs  rg with the argv the tool passed      goal <= 1.15x
//   Grep, tool set with sandbox off            vs  the same rg                          goal <= 1.15x
//   Grep, tool set with sandbox required       vs  bwrap ... rg, the same mounts/filter  goal <= 1.15x
// Two more sides say where the time goes: the exec manager's runHelper with the same argv, alone,
// sandbox off and required. Every side runs in every round, in a shuffled order, each after a
// short untimed pause (a model's calls come apart, and work a call leaves for later, such as the
// launcher an exec manager prepares for its next call, is not billed to the side after it).
// Medians per side, and the median of the per-round ratios with its interquartile range.
// Run after a build, from packages/tools: `node bench/grep.mjs`. BENCH_ROUNDS sets the rounds
// (default 21); BENCH_TREE a tree to search instead of an export of this repository's HEAD.
import childProcess, { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 21);
const GOAL = 1.15;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))];
};
const pause = () => new Promise((resolve) => setTimeout(resolve, 25));

// A small seeded generator, so every run shuffles the sides the same way.
let seed = 0x2545f491;
function random() {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
}

/** The sides in a new order: no side always follows the same one (and what it left running). */
function shuffled(names) {
  const order = [...names];
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other], order[index]];
  }
  return order;
}

/** The cases: a rare and a common pattern in each output mode. */
const CASES = [
  ['files_with_matches "createRequire"', { pattern: 'createRequire' }],
  ['files_with_matches "function" (first 250)', { pattern: 'function' }],
  ['content "createRequire" -C 2', { pattern: 'createRequire', output_mode: 'content', '-C': 2 }],
  ['count "export"', { pattern: 'export', output_mode: 'count', head_limit: 0 }],
];

async function grep(pipeline, input) {
  const outcome = await pipeline.runTool({
    name: 'Grep',
    input,
    toolUseId: `bench_${Math.random()}`,
  }).outcome;
  if (outcome.status !== 'success') throw new Error(`Grep failed: ${outcome.result}`);
  return String(outcome.result);
}

/**
 * Runs a command the way a minimal host would, collecting its stdout. Every case has matches, so
 * anything but exit 0 (bwrap's own failures exit 1, as ripgrep does without a match) is an error.
 * `filter` is opened afresh as descriptor 3 for each run: bwrap reads it to the end.
 */
async function run({ command, args, cwd, filter, detached = false }) {
  const fd = filter === undefined ? undefined : openSync(filter, 'r');
  try {
    return await new Promise((resolve, reject) => {
      const stdio = ['ignore', 'pipe', 'pipe', ...(fd === undefined ? [] : [fd])];
      const child = spawn(command, args, { cwd, stdio, detached });
      const chunks = [];
      let stderr = '';
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.once('error', reject);
      child.once('close', (code) => {
        if (code !== 0) reject(new Error(`${command} exited ${code}: ${stderr}`));
        else resolve(Buffer.concat(chunks));
      });
    });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Records the argv of every helper a tool set's exec manager runs. */
function recordHelpers(exec) {
  const calls = [];
  const original = exec.runHelper.bind(exec);
  exec.runHelper = (request) => {
    calls.push([...request.argv]);
    return original(request);
  };
  return calls;
}

/** The bwrap argv of the first confined spawn `action` makes (a manager's first call spawns). */
async function recordBwrap(action) {
  const original = childProcess.spawn;
  let found;
  childProcess.spawn = function recorded(command, args, options) {
    const words = [command, ...(args ?? [])];
    const at = words.findIndex((word) => word.endsWith('/bwrap'));
    if (found === undefined && at !== -1 && words.includes('--')) found = words.slice(at);
    return original.call(this, command, args, options);
  };
  syncBuiltinESMExports();
  try {
    await action();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
  if (found === undefined) throw new Error('the confined Grep spawned no bwrap');
  return found;
}

/**
 * The sandbox part of a recorded bwrap argv, for the baseline: the call's scratch directory
 * (bound through a descriptor) becomes one of the bench's own bound by path, the status
 * descriptor (the manager's pipe) is dropped, and the seccomp filter comes from a file.
 */
function sandboxOf(recorded, scratch) {
  const args = [];
  const separator = recorded.indexOf('--');
  for (let index = 1; index < separator; index += 1) {
    const word = recorded[index];
    if (word === '--json-status-fd') index += 1;
    else if (word === '--bind-fd') {
      args.push('--bind', scratch, scratch);
      index += 2;
    } else if (word === '--seccomp') {
      args.push('--seccomp', '3');
      index += 1;
    } else if (word === '--chdir') {
      args.push('--chdir', scratch);
      index += 1;
    } else args.push(word);
  }
  return { command: recorded[0], args };
}

/** Runs every case with all sides interleaved and prints the comparisons. */
export async function benchGrep() {
  const scratch = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-grep-bench-')));
  const managers = [];
  try {
    let tree = process.env.BENCH_TREE;
    if (tree === undefined) {
      // The repository as committed, outside it: its .gitignore is honoured as in a workspace.
      tree = path.join(scratch, 'tree');
      await mkdir(tree);
      const root = path.resolve(here, '../../..');
      const archive = execFileSync('git', ['-C', root, 'archive', 'HEAD'], { maxBuffer: 1 << 30 });
      execFileSync('tar', ['-x', '-C', tree], { input: archive });
    }
    const baselineCwd = path.join(scratch, 'cwd');
    await mkdir(baselineCwd);
    const { createFileTools, createTargetPreparer, createToolSet } = await import(
      '../dist/index.js'
    );
    const { buildSeccompFilter, createExecManager } = await import('@toolcall/exec');
    const { createPipeline } = await import('@toolcall/pipeline');
    const { createNodeResources } = await import('@toolcall/resources/node');
    const filter = path.join(scratch, 'seccomp.bpf');
    writeFileSync(filter, buildSeccompFilter());
    const resources = createNodeResources({ workspace: tree });
    const bare = createPipeline({
      tools: createFileTools({ cwd: tree, resources }),
      mode: 'full-auto',
      rules: [],
      resources: createTargetPreparer({ cwd: tree, resources, sessionId: undefined }),
    });
    const setOf = (sandbox) => {
      const exec = createExecManager({ workspaceRoot: tree, sandbox, rootOwner: '/bench' });
      const set = createToolSet({ workspace: tree, permissions: { mode: 'full-auto' }, exec });
      managers.push({ set, exec });
      return { pipeline: set.pipeline, helpers: recordHelpers(exec), exec };
    };
    const off = setOf('off');
    const confined = setOf('required');
    const bwrap = await recordBwrap(() => grep(confined.pipeline, { path: tree, ...CASES[0][1] }));
    const sandbox = sandboxOf(bwrap, baselineCwd);
    const rgPath = confined.helpers[0][0];
    const files = execFileSync(rgPath, ['--files', tree]).toString().split('\n').length - 1;
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    console.log(`search tree: ${tree} (${files} files not ignored); load average ${load}`);
    console.log(
      `${rounds} rounds per case, all sides in a new random order each round, each after a 25 ms pause; medians, ratio = median of per-round ratios [interquartile range]`,
    );
    const shown = (words) => words.join(' ').split(tree).join('<tree>');
    console.log(`bwrap baseline: ${sandbox.command} ${shown(sandbox.args)}`);
    for (const [label, input] of CASES) {
      const base = { path: tree, ...input };
      off.helpers.length = 0;
      confined.helpers.length = 0;
      const expected = await grep(bare, base);
      // ripgrep's threads finish files in any order (a page may hold other files), so only the
      // number of lines is compared.
      const lines = expected.split('\n').length;
      for (const side of [off, confined]) {
        if ((await grep(side.pipeline, base)).split('\n').length !== lines)
          throw new Error(`${label}: a tool set's Grep found other lines`);
        if (side.helpers.length !== 1)
          throw new Error(`${label}: Grep ran ${side.helpers.length} helpers`);
      }
      const [directArgv, confinedArgv] = [off.helpers[0], confined.helpers[0]];
      const helper = (exec, argv) => async () => {
        const settled = await exec.runHelper({ argv, readRoots: [tree], timeoutMs: 20_000 }).result;
        if (!settled.success) throw settled.error;
        return settled.value.output;
      };
      const sides = {
        rg: () => run({ command: directArgv[0], args: directArgv.slice(1), cwd: baselineCwd }),
        // The same in a session of its own, as the exec manager starts its children.
        'rg, new session': () =>
          run({
            command: directArgv[0],
            args: directArgv.slice(1),
            cwd: baselineCwd,
            detached: true,
          }),
        'Grep, no manager': () => grep(bare, base),
        'Grep, sandbox off': () => grep(off.pipeline, base),
        'runHelper, off': helper(off.exec, directArgv),
        'bwrap rg': () =>
          run({
            command: sandbox.command,
            args: [...sandbox.args, '--', ...confinedArgv],
            cwd: baselineCwd,
            filter,
          }),
        'runHelper, confined': helper(confined.exec, confinedArgv),
        'Grep, confined': () => grep(confined.pipeline, base),
      };
      // Each baseline must find what the tool found (all of it, or past the page the tool showed).
      for (const name of ['rg', 'bwrap rg', 'runHelper, off', 'runHelper, confined']) {
        const found = (await sides[name]()).toString().trim().split('\n').length;
        if (found < Math.min(lines - 1, 250))
          throw new Error(`${label}: ${name} found ${found} lines`);
      }
      const names = Object.keys(sides);
      const times = Object.fromEntries(names.map((name) => [name, []]));
      for (let round = 0; round < rounds; round += 1) {
        for (const name of shuffled(names)) {
          await pause();
          const started = performance.now();
          await sides[name]();
          times[name].push(performance.now() - started);
        }
      }
      const compare = (a, b, goal) => {
        const ratios = times[a].map((value, index) => value / times[b][index]);
        const ratio = median(ratios);
        const verdict = goal === undefined ? '' : ratio <= goal ? '  ok' : '  OVER GOAL';
        const spread = `[${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)}]`;
        console.log(
          `  ${a.padEnd(20)} ${median(times[a]).toFixed(1).padStart(6)} ms vs ${b.padEnd(20)} ${median(times[b]).toFixed(1).padStart(6)} ms  ${ratio.toFixed(2)}x ${spread}${verdict}`,
        );
      };
      console.log(`${label}: ${lines} result lines; rg ${shown(directArgv.slice(1))}`);
      compare('Grep, no manager', 'rg', GOAL);
      compare('Grep, sandbox off', 'rg', GOAL);
      compare('Grep, confined', 'bwrap rg', GOAL);
      compare('rg, new session', 'rg');
      compare('runHelper, off', 'rg');
      compare('runHelper, confined', 'bwrap rg');
      compare('Grep, sandbox off', 'runHelper, off');
      compare('Grep, confined', 'runHelper, confined');
    }
    // Deny rules add the pipeline's path checks before the call and the filter of withheld
    // files after it: the same tool set and manager (sandbox off) with and without two rules.
    const rules = [
      { tool: 'Read', path: '**/.env', action: 'deny' },
      { tool: 'Grep', path: '**/secret/**', action: 'deny' },
    ];
    const denying = createToolSet({
      workspace: tree,
      permissions: { mode: 'full-auto', rules },
      exec: off.exec,
    });
    managers.push({ set: denying, exec: undefined });
    const input = { path: tree, pattern: 'export', output_mode: 'content', head_limit: 0 };
    const ruled = { 'Grep, no rules': off.pipeline, 'Grep, two deny rules': denying.pipeline };
    const times = Object.fromEntries(Object.keys(ruled).map((name) => [name, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const name of shuffled(Object.keys(ruled))) {
        await pause();
        const started = performance.now();
        await grep(ruled[name], input);
        times[name].push(performance.now() - started);
      }
    }
    const ratios = times['Grep, two deny rules'].map(
      (value, index) => value / times['Grep, no rules'][index],
    );
    console.log(
      `content "export" (all), sandbox off: two deny rules ${median(times['Grep, two deny rules']).toFixed(1)} ms vs none ${median(times['Grep, no rules']).toFixed(1)} ms  ${median(ratios).toFixed(2)}x`,
    );
  } finally {
    for (const { set, exec } of managers) {
      await set.close();
      await exec?.teardown();
    }
    await rm(scratch, { recursive: true, force: true });
  }
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  await benchGrep();
}
