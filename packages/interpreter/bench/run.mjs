// Compares this interpreter (budgets on, defaults) with Emacs 28 on the workloads of
// ../shared/bench/workloads.json beside the checkout: each workload byte-compiled once as
// (byte-compile (lambda () …)) and timed by its funcall (the anchor), and the same lambda
// interpreted (lexical binding). One Emacs process compiles everything first and then times
// one run per request, so its runs interleave with this interpreter's: every round runs each
// workload once in each contender. Prints best-of and median per contender and their ratios
// (interpreter / Emacs; below 1 is faster), and hand-written JavaScript as a floor.
// TOOLCALL_BENCH_ROUNDS sets the rounds (default 7), TOOLCALL_BENCH_WARM the untimed rounds
// before them (default 10), TOOLCALL_BENCH_ENTRY another build to time.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { handWritten } from './hand-written.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { evaluate } = await import(
  pathToFileURL(process.env.TOOLCALL_BENCH_ENTRY ?? path.join(here, '..', 'dist', 'index.js')).href
);
const repoRoot = path.resolve(here, '..', '..', '..');
// shared/ sits beside the checkout; a worktree nested one level deeper finds it one level up.
const benchDir = [
  process.env.TOOLCALL_BENCH_DIR,
  path.resolve(repoRoot, '..', 'shared', 'bench'),
  path.resolve(repoRoot, '..', '..', 'shared', 'bench'),
].find((dir) => dir !== undefined && existsSync(path.join(dir, 'workloads.json')));
if (benchDir === undefined)
  throw new Error(`workloads.json not found in ${path.resolve(repoRoot, '..', 'shared', 'bench')}`);
const workloadsFile = path.join(benchDir, 'workloads.json');
const { workloads } = JSON.parse(readFileSync(workloadsFile, 'utf8'));
const rounds = Number(process.env.TOOLCALL_BENCH_ROUNDS ?? 7);

/** Starts the Emacs side; resolves to a function timing one run, or undefined without Emacs. */
async function startEmacs() {
  const child = spawn('emacs', ['--batch', '-Q', '-l', path.join(here, 'emacs-anchor.el')], {
    env: { ...process.env, TOOLCALL_WORKLOADS: workloadsFile },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const failed = new Promise((resolve) => {
    child.on('error', () => resolve(undefined));
    child.on('exit', () => resolve(undefined));
  });
  const first = await Promise.race([lines.next(), failed]);
  if (first === undefined || first.value !== 'ready') {
    process.stderr.write(`Emacs is not available, its columns stay empty: ${stderr.trim()}\n`);
    return undefined;
  }
  const time = async (name, mode) => {
    child.stdin.write(`${name} ${mode}\n`);
    const { value } = await lines.next();
    const [ms, ...printed] = String(value).split(' ');
    if (ms === 'error' || printed.join(' ') === undefined) throw new Error(String(value));
    return Number(ms);
  };
  time.close = () => child.stdin.end();
  return time;
}

async function timeOurs(workload) {
  const start = performance.now();
  const outcome = await evaluate(workload.source);
  const ms = performance.now() - start;
  if (!outcome.success) throw new Error(`${workload.name}: ${outcome.error.message}`);
  if (outcome.printed !== workload.expect)
    throw new Error(`${workload.name}: printed ${outcome.printed}, expected ${workload.expect}`);
  return ms;
}

function timeJs(name) {
  const run = handWritten[name];
  if (run === undefined) return Number.NaN;
  const start = performance.now();
  run();
  return performance.now() - start;
}

const best = (samples) => (samples.length === 0 ? Number.NaN : Math.min(...samples));
function median(samples) {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const emacs = await startEmacs();
const samples = new Map(
  workloads.map((w) => [w.name, { ours: [], byte: [], interpreted: [], js: [] }]),
);
// Warm-up, untimed: lazily loaded code on Emacs's side; on this side the JIT, in rounds over
// every workload as the timed rounds go, so that code V8 optimized for one workload and
// deoptimized on the next has settled before timing starts (a host runs many scripts).
const warmRounds = Number(process.env.TOOLCALL_BENCH_WARM ?? 10);
for (const workload of workloads)
  if (emacs) {
    await emacs(workload.name, 'byte-code');
    await emacs(workload.name, 'interpreted');
  }
for (let round = 0; round < warmRounds; round++)
  for (const workload of workloads) await timeOurs(workload);
for (let round = 0; round < rounds; round++) {
  for (const workload of workloads) {
    const row = samples.get(workload.name);
    if (emacs) {
      row.byte.push(await emacs(workload.name, 'byte-code'));
      row.interpreted.push(await emacs(workload.name, 'interpreted'));
    }
    row.ours.push(await timeOurs(workload));
    row.js.push(timeJs(workload.name));
  }
}
emacs?.close();

const ms = (value) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');
const ratio = (a, b) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : 'n/a');
const header = [
  'workload',
  'ours best',
  'ours med',
  'byte best',
  'byte med',
  '÷byte best',
  '÷byte med',
  'interp best',
  '÷interp med',
  'js best',
  '÷js best',
];
const table = [header];
for (const workload of workloads) {
  const { ours, byte, interpreted, js } = samples.get(workload.name);
  table.push([
    workload.name,
    ms(best(ours)),
    ms(median(ours)),
    ms(best(byte)),
    ms(median(byte)),
    ratio(best(ours), best(byte)),
    ratio(median(ours), median(byte)),
    ms(best(interpreted)),
    ratio(median(ours), median(interpreted)),
    best(js).toFixed(3),
    ratio(best(ours), best(js)),
  ]);
}
const widths = header.map((_, column) => Math.max(...table.map((row) => row[column].length)));
const load = (await import('node:os')).loadavg().map((n) => n.toFixed(2));
console.log(
  `interpreter vs Emacs 28 (byte-code anchor and interpreted), ms, ${rounds} interleaved rounds; load ${load.join(' ')}`,
);
for (const row of table)
  console.log(row.map((cell, column) => cell.padStart(widths[column])).join('  '));
