// Bench: a ToolCall script making 1,000 sequential nested no-op calls, and a parallel-map
// over 1,000 items, each versus the same 1,000 calls made directly through the pipeline in
// a loop, in the same run. Goal: the script's total under 2x the direct loop. Uses ../dist.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { evaluate } from '@toolcall/interpreter';
import {
  createCatalog,
  createPipeline,
  createToolCallDriver,
  defineTool,
  z,
} from '../dist/index.js';
import { directLoop } from './direct-loop.mjs';

const COUNT = 1000;
const noop = defineTool({
  name: 'Noop',
  description: 'Does nothing.',
  readOnly: true,
  args: z.object({ n: z.number().int().optional() }),
  handler: () => 'ok',
});
const pipeline = createPipeline({ tools: [noop], rules: [{ tool: 'Noop', action: 'allow' }] });
const catalog = createCatalog({ tools: pipeline.tools(), native: ['Noop'] });
const driver = createToolCallDriver({ pipeline, limits: { nestedCalls: COUNT + 1 } });

const items = `(let ((items nil)) (dotimes (i ${COUNT}) (setq items (cons i items))) items)`;
const scripts = {
  sequential: `(dotimes (i ${COUNT}) (Noop :n i)) "done"`,
  parallel: `(length (parallel-map (lambda (n) (Noop :n n)) ${items}))`,
};

const direct = () => directLoop(pipeline, 'Noop', COUNT);

let envelope = 0;
async function script(expression) {
  const settled = await driver.run({ expression, envelopeId: `E${++envelope}`, catalog });
  if (settled.status !== 'success' || settled.children.length !== COUNT) {
    throw new Error(String(settled.result));
  }
}

// The floor: the interpreter alone, its tool a bare binding that returns at once (as a
// pipeline run whose steps are all synchronous does), no pipeline and no driver; like the
// driver, it keeps no call records of its own.
const bare = { Noop: { inputSchema: noop.inputSchema, call: () => 'ok' } };
// The interpreter and the pipeline without the driver: each call runs through `runTool` as
// the driver's does, but nothing is audited. The script's cost over this line is the
// driver's: one bounded audit row per call, kept until the envelope settles.
const unaudited = {
  Noop: {
    inputSchema: noop.inputSchema,
    call: (args, context) => {
      const run = pipeline.runTool({
        name: 'Noop',
        input: args,
        toolUseId: `U/${context.index}`,
        parentId: 'U',
        source: 'ptc',
      });
      const settled = run.settledOutcome;
      return settled === undefined ? run.outcome.then((outcome) => outcome.result) : settled.result;
    },
  },
};
async function interpreterWith(tools, expression) {
  const outcome = await evaluate(expression, {
    tools,
    recordCalls: false,
    limits: { nestedCalls: COUNT + 1 },
  });
  if (!outcome.success) throw new Error(outcome.error.message);
}

// Rounds interleave every variant, so load from other processes hits them all alike.
async function time(run) {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const runners = {
  loop: direct,
  sequential: () => script(scripts.sequential),
  parallel: () => script(scripts.parallel),
  unauditedSequential: () => interpreterWith(unaudited, scripts.sequential),
  unauditedParallel: () => interpreterWith(unaudited, scripts.parallel),
  floorSequential: () => interpreterWith(bare, scripts.sequential),
  floorParallel: () => interpreterWith(bare, scripts.parallel),
};

// What each variant is, and whether the goal applies to it.
const LABELS = [
  ['loop', 'direct pipeline loop (baseline)', false],
  ['sequential', 'ToolCall sequential (dotimes)', true],
  ['parallel', 'ToolCall parallel-map', true],
  ['unauditedSequential', '  without the audit: interpreter + pipeline, sequential', false],
  ['unauditedParallel', '  without the audit: interpreter + pipeline, parallel-map', false],
  ['floorSequential', '  floor: interpreter alone, sequential', false],
  ['floorParallel', '  floor: interpreter alone, parallel-map', false],
];
const WIDTH = 58;

// Child mode (`--repeat KEY N`): runs one variant N times, untimed, for an instruction count.
if (process.argv[2] === '--repeat') {
  const run = runners[process.argv[3]];
  for (let index = Number(process.argv[4]); index > 0; index--) await run();
  process.exit(0);
}

// `--instructions`: instructions per nested call, counted by valgrind's callgrind, each
// variant in a process of its own on one thread (the collector's work included). Unlike
// time, the count barely moves with machine load. A variant's count is that of 1,000 runs
// less that of 200, so start-up, compilation and the first runs' collections (whose
// promotions settle only after the first full collection) cancel out.
if (process.argv[2] === '--instructions') {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const count = async (key, repeat) => {
    const { stderr } = await promisify(execFile)(
      'valgrind',
      [
        '--tool=callgrind',
        '--callgrind-out-file=/dev/null',
        process.execPath,
        '--single-threaded',
        fileURLToPath(import.meta.url),
        '--repeat',
        key,
        String(repeat),
      ],
      { maxBuffer: 1 << 24 },
    );
    const match = /Collected : (\d+)/.exec(stderr);
    if (match === null) throw new Error(`callgrind printed no count for ${key}:\n${stderr}`);
    return Number(match[1]);
  };
  const [FEW, MANY] = [200, 1000];
  const jobs = Object.keys(runners).flatMap((key) => [
    [key, FEW],
    [key, MANY],
  ]);
  const counts = {};
  // Two processes at a time: each is single-threaded under valgrind.
  const worker = async () => {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
      counts[job.join(':')] = await count(job[0], job[1]);
    }
  };
  await Promise.all([worker(), worker()]);
  const perCall = {};
  for (const key of Object.keys(runners)) {
    perCall[key] = (counts[`${key}:${MANY}`] - counts[`${key}:${FEW}`]) / (MANY - FEW) / COUNT;
  }
  console.log(`ToolCall bench: instructions per nested call (callgrind, ${MANY} runs less ${FEW})`);
  for (const [key, name, goal] of LABELS) {
    const ratio = perCall[key] / perCall.loop;
    console.log(
      `${name.padEnd(WIDTH)} ${perCall[key].toFixed(0).padStart(8)}  ${ratio.toFixed(2).padStart(6)}x direct${goal ? (ratio < 2 ? '  (goal < 2x: met)' : '  (goal < 2x: NOT met)') : ''}`,
    );
  }
  process.exit(0);
}

// Child mode (`--steady KEY`): one variant alone, warmed, then timed over 1,000 runs.
if (process.argv[2] === '--steady') {
  const run = runners[process.argv[3]];
  for (let index = 0; index < 200; index++) await run();
  const runs = 1000;
  const cpuStart = process.cpuUsage();
  const wallStart = process.hrtime.bigint();
  for (let index = 0; index < runs; index++) await run();
  const wall = Number(process.hrtime.bigint() - wallStart) / 1e6 / runs;
  const used = process.cpuUsage(cpuStart);
  process.stdout.write(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 / runs }));
  process.exit(0);
}

for (let warm = 0; warm < 5; warm++) for (const run of Object.values(runners)) await run();
const rounds = 30;
const variants = runners;
const fastest = Object.fromEntries(Object.keys(variants).map((key) => [key, Infinity]));
for (let round = 0; round < rounds; round++) {
  for (const [key, run] of Object.entries(variants)) {
    fastest[key] = Math.min(fastest[key], await time(run));
  }
}
const row = (name, ms, goal) =>
  `${name.padEnd(WIDTH)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / fastest.loop).toFixed(2).padStart(6)}x direct${goal ? (ms / fastest.loop < 2 ? '  (goal < 2x: met)' : '  (goal < 2x: NOT met)') : ''}`;
console.log(`ToolCall bench: ${COUNT} nested no-op calls, best of ${rounds} rounds`);
for (const [key, name, goal] of LABELS) console.log(row(name, fastest[key], goal));

// Best-of wall time leaves out the rounds a collection landed in. A steady run pays for its
// collections: each variant runs alone in a process of its own (so no variant pays for
// another's garbage), warmed up, then 1,000 times, timed as wall and as CPU (every thread,
// the collector's helpers too), per run.
function steady(key) {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--steady', key], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}
const steadyRuns = Object.fromEntries(Object.keys(variants).map((key) => [key, steady(key)]));
const steadyRow = (name, key, goal) => {
  const { wall, cpu } = steadyRuns[key];
  const ratio = wall / steadyRuns.loop.wall;
  return `${name.padEnd(WIDTH)} ${wall.toFixed(2).padStart(8)} ms  ${ratio.toFixed(2).padStart(6)}x direct   cpu ${cpu.toFixed(2).padStart(5)} ms ${(cpu / steadyRuns.loop.cpu).toFixed(2).padStart(5)}x${goal ? (ratio < 2 ? '  (goal < 2x: met)' : '  (goal < 2x: NOT met)') : ''}`;
};
console.log(
  '\nSteady state, collection included: each alone in its own process, 1,000 runs, per run',
);
for (const [key, name, goal] of LABELS) console.log(steadyRow(name, key, goal));
const perCall = (ms) => ((ms / COUNT) * 1000).toFixed(3);
console.log("\nWhere a nested call's time goes (best-of wall, µs per call):");
for (const [shape, script, unauditedKey, floor] of [
  ['sequential', 'sequential', 'unauditedSequential', 'floorSequential'],
  ['parallel-map', 'parallel', 'unauditedParallel', 'floorParallel'],
]) {
  console.log(
    `  ${shape.padEnd(13)} interpreter ${perCall(fastest[floor])}, pipeline under it ${perCall(fastest[unauditedKey] - fastest[floor])}, driver's audit ${perCall(fastest[script] - fastest[unauditedKey])}; the direct loop's whole call ${perCall(fastest.loop)}`,
  );
}
