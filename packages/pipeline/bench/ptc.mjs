// Bench: a ToolCall script making 1,000 sequential nested no-op calls, and a parallel-map
// over 1,000 items, each versus the same 1,000 calls made directly through the pipeline in
// a loop, in the same run. Goal: the script's total under 2x the direct loop. Uses ../dist.
import { evaluate } from '@toolcall/interpreter';
import {
  createCatalog,
  createPipeline,
  createToolCallDriver,
  defineTool,
  z,
} from '../dist/index.js';

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

async function direct() {
  for (let index = 0; index < COUNT; index++) {
    const outcome = await pipeline.runTool({
      name: 'Noop',
      input: { n: index },
      toolUseId: `D/${index + 1}`,
      parentId: 'D',
      source: 'ptc',
    }).outcome;
    if (outcome.status !== 'success') throw new Error(String(outcome.result));
  }
}

let envelope = 0;
async function script(expression) {
  const settled = await driver.run({ expression, envelopeId: `E${++envelope}`, catalog });
  if (settled.status !== 'success' || settled.children.length !== COUNT) {
    throw new Error(String(settled.result));
  }
}

// The floor: the interpreter alone, its tool a bare binding, no pipeline and no driver.
const bare = { Noop: { inputSchema: noop.inputSchema, call: async () => 'ok' } };
async function interpreterAlone(expression) {
  const outcome = await evaluate(expression, { tools: bare, limits: { nestedCalls: COUNT + 1 } });
  if (!outcome.success) throw new Error(outcome.error.message);
}

async function best(run, rounds) {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    await run();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return fastest;
}

for (let warm = 0; warm < 5; warm++) {
  await direct();
  await script(scripts.sequential);
  await script(scripts.parallel);
  await interpreterAlone(scripts.sequential);
  await interpreterAlone(scripts.parallel);
}
const rounds = 15;
const loop = await best(direct, rounds);
const sequential = await best(() => script(scripts.sequential), rounds);
const parallel = await best(() => script(scripts.parallel), rounds);
const floorSequential = await best(() => interpreterAlone(scripts.sequential), rounds);
const floorParallel = await best(() => interpreterAlone(scripts.parallel), rounds);
const row = (name, ms, goal) =>
  `${name.padEnd(44)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / loop).toFixed(2).padStart(6)}x direct${goal ? (ms / loop < 2 ? '  (goal < 2x: met)' : '  (goal < 2x: NOT met)') : ''}`;
console.log(`ToolCall bench: ${COUNT} nested no-op calls, best of ${rounds} rounds`);
console.log(row('direct pipeline loop (baseline)', loop, false));
console.log(row('ToolCall sequential (dotimes)', sequential, true));
console.log(row('ToolCall parallel-map', parallel, true));
console.log(row('  floor: interpreter alone, sequential', floorSequential, false));
console.log(row('  floor: interpreter alone, parallel-map', floorParallel, false));
console.log(
  `driver + pipeline over the interpreter floor: sequential ${(((sequential - floorSequential) / COUNT) * 1000).toFixed(2)} µs/call, parallel-map ${(((parallel - floorParallel) / COUNT) * 1000).toFixed(2)} µs/call`,
);
