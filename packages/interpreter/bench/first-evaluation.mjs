// Cost of a fresh process's first evaluation: each round starts `node -e 0` and a process that
// imports ../dist and evaluates (+ 1 2) once, then warm, interleaved. The child times its
// import, its first evaluate and the mean of 5,000 warm ones (after 10,000); the
// parent times both processes from spawn to exit. Prints best and median over the rounds.
// TOOLCALL_BENCH_ROUNDS sets the rounds (default 15); TOOLCALL_BENCH_ENTRY another build to time.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = pathToFileURL(
  process.env.TOOLCALL_BENCH_ENTRY ?? path.resolve(here, '..', 'dist', 'index.js'),
).href;
const rounds = Number(process.env.TOOLCALL_BENCH_ROUNDS ?? 15);

// The child reads the clock with process.hrtime: the first read of the global `performance`
// loads Node's perf_hooks (about a millisecond), which would otherwise be charged to no one.
const child = `
const now = () => Number(process.hrtime.bigint()) / 1e6;
const t0 = now();
const { evaluate } = await import(${JSON.stringify(entry)});
const t1 = now();
const first = await evaluate('(+ 1 2)');
const t2 = now();
if (!first.success || first.printed !== '3') throw new Error('unexpected outcome');
for (let i = 0; i < 10000; i++) await evaluate('(+ 1 2)');
const t3 = now();
for (let i = 0; i < 5000; i++) await evaluate('(+ 1 2)');
const t4 = now();
process.stdout.write(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, warmUs: (t4 - t3) / 5 }));
`;

function timed(args) {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(result.stderr);
  return { ms, out: result.stdout };
}

const samples = { bare: [], process: [], importMs: [], firstMs: [], warmUs: [] };
for (let round = 0; round < rounds; round++) {
  samples.bare.push(timed(['-e', '0']).ms);
  const run = timed(['--input-type=module', '-e', child]);
  samples.process.push(run.ms);
  const inner = JSON.parse(run.out);
  for (const key of ['importMs', 'firstMs', 'warmUs']) samples[key].push(inner[key]);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const rows = [
  ['node -e 0 (whole process)', 'bare', 'ms', 1],
  ['import + first evaluate + 15,000 warm (whole process)', 'process', 'ms', 1],
  ['import of @toolcall/interpreter', 'importMs', 'ms', 2],
  ["first evaluate('(+ 1 2)')", 'firstMs', 'ms', 3],
  ["warm evaluate('(+ 1 2)')", 'warmUs', 'µs', 2],
];
console.log(
  `first evaluation in a fresh process, ${rounds} interleaved rounds; load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const [label, key, unit, digits] of rows)
  console.log(
    `${label.padEnd(54)} best ${Math.min(...samples[key])
      .toFixed(digits)
      .padStart(8)} ${unit}  median ${median(samples[key]).toFixed(digits).padStart(8)} ${unit}`,
  );
