// Bench: 1,000 sequential nested no-op tool calls, and a parallel-map over 1,000 items,
// each versus calling the same async function 1,000 times in a plain JS loop, in one run.
// Prints the per-call overhead and the ratio to the loop. Uses ../dist.
const { evaluate } = await import(process.env.TOOLCALL_BENCH_ENTRY ?? '../dist/index.js');

const COUNT = 1000;
const noop = async () => 'ok';
const tools = {
  Noop: {
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
    call: noop,
  },
};
const limits = { nestedCalls: COUNT + 1 };
const items = `(let ((items nil)) (dotimes (i ${COUNT}) (setq items (cons i items))) items)`;
const scripts = {
  sequential: `(dotimes (i ${COUNT}) (Noop :n i)) "done"`,
  parallel: `(length (parallel-map (lambda (n) (Noop :n n)) ${items}))`,
};

async function loop() {
  for (let index = 0; index < COUNT; index++) {
    const result = await noop({ n: index }, { index: index + 1 });
    if (result !== 'ok') throw new Error(String(result));
  }
}

async function script(expression) {
  const outcome = await evaluate(expression, { tools, limits });
  if (!outcome.success || outcome.calls.length !== COUNT) {
    throw new Error(outcome.success ? `${outcome.calls.length} calls` : outcome.error.message);
  }
}

// Rounds interleave the variants, so load from other processes hits them all alike.
async function time(run) {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const variants = {
  loop,
  sequential: () => script(scripts.sequential),
  parallel: () => script(scripts.parallel),
};
for (let warm = 0; warm < 10; warm++) for (const run of Object.values(variants)) await run();
const rounds = 40;
const fastest = Object.fromEntries(Object.keys(variants).map((key) => [key, Infinity]));
for (let round = 0; round < rounds; round++) {
  for (const [key, run] of Object.entries(variants)) {
    fastest[key] = Math.min(fastest[key], await time(run));
  }
}
const base = fastest.loop;
const row = (name, ms) =>
  `${name.padEnd(34)} ${ms.toFixed(3).padStart(8)} ms  ${((ms * 1000) / COUNT).toFixed(2).padStart(6)} µs/call  ${(ms / base).toFixed(2).padStart(7)}x loop`;
console.log(`interpreter nested-call bench: ${COUNT} no-op tool calls, best of ${rounds} rounds`);
console.log(row('plain JS loop of awaits (baseline)', base));
console.log(row('script: sequential (dotimes)', fastest.sequential));
console.log(row('script: parallel-map', fastest.parallel));
