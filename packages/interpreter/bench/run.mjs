// Compares this interpreter (budgets on, defaults) with Emacs's own interpreter
// (emacs --batch, lexical binding, not byte-compiled) and with hand-written JS,
// on ../shared/bench/workloads.json beside the checkout. Prints ratios.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate } from '../dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..', '..');
// shared/ sits beside the checkout; a worktree nested one level deeper finds it one level up.
const benchDir = [
  process.env.TOOLCALL_BENCH_DIR,
  path.resolve(repoRoot, '..', 'shared', 'bench'),
  path.resolve(repoRoot, '..', '..', 'shared', 'bench'),
].find((dir) => dir !== undefined && existsSync(path.join(dir, 'workloads.json')));
if (benchDir === undefined)
  throw new Error(`workloads.json not found in ${path.resolve(repoRoot, '..', 'shared', 'bench')}`);
const { workloads } = JSON.parse(readFileSync(path.join(benchDir, 'workloads.json'), 'utf8'));

const handWritten = {
  fib: () => {
    const fib = (n) => (n < 2 ? n : fib(n - 1) + fib(n - 2));
    return fib(22);
  },
  loop: () => {
    let s = 0;
    for (let i = 0; i < 300000; i++) s += i;
    return s;
  },
  lists: () => {
    const xs = [];
    for (let i = 0; i < 20000; i++) xs.push((i * 7919) % 10007);
    return xs.map((x) => x * x).sort((a, b) => a - b).length;
  },
  strings: () => {
    const lines = [];
    for (let i = 0; i < 5000; i++) lines.push(`line ${i}: value=${i * 3}`);
    return lines
      .join('\n')
      .split('\n')
      .filter((l) => l !== '').length;
  },
  plists: () => {
    const keys = 'abcdefghijklmnopqrsu'.split('');
    const pl = new Map(keys.map((k, i) => [k, i]));
    let hits = 0;
    for (let j = 0; j < 20000; j++) if (pl.get('u') !== undefined) hits++;
    return hits;
  },
  alist: () => {
    const al = [];
    for (let i = 0; i < 300; i++) al.unshift([`key-${i}`, i]);
    let sum = 0;
    for (let j = 0; j < 3000; j++) sum += al.find(([k]) => k === `key-${j % 300}`)[1];
    return sum;
  },
};

async function best(run, times) {
  let min = Number.POSITIVE_INFINITY;
  let value;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    value = await run();
    min = Math.min(min, performance.now() - start);
  }
  return { ms: min, value };
}

function emacsTimes() {
  try {
    const out = execFileSync(
      'emacs',
      ['--batch', '-Q', '-l', path.join(benchDir, 'emacs-baseline.el')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return new Map(
      out
        .trim()
        .split('\n')
        .map((line) => line.split('\t'))
        .map(([name, ms, value, ok]) => [name, { ms: Number(ms), value, ok }]),
    );
  } catch {
    return new Map();
  }
}

const emacs = emacsTimes();
const rows = [];
for (const workload of workloads) {
  const ours = await best(async () => {
    const outcome = await evaluate(workload.source);
    if (!outcome.success) throw new Error(`${workload.name}: ${outcome.error.message}`);
    return outcome.printed;
  }, 15);
  const js = await best(async () => String(handWritten[workload.name]?.()), 15);
  const reference = emacs.get(workload.name);
  rows.push({
    workload: workload.name,
    'interpreter ms': ours.ms.toFixed(2),
    'emacs ms': reference ? reference.ms.toFixed(2) : 'n/a',
    'ratio vs emacs': reference ? (ours.ms / reference.ms).toFixed(2) : 'n/a',
    'js ms': js.ms.toFixed(3),
    'ratio vs js': (ours.ms / js.ms).toFixed(1),
    ok: ours.value === workload.expect ? 'ok' : `MISMATCH ${ours.value}`,
  });
}
console.table(rows);
