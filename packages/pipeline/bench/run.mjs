// Bench: a no-op tool through the whole pipeline (validate, no hooks, allow rule) versus
// calling its handler directly, measured in the same run. Run after `tsup` (uses ../dist).
import { createPipeline, defineTool, z } from '../dist/index.js';

const handler = (args) => (args.n === undefined ? 'ok' : 'ok');
const noop = defineTool({
  name: 'Noop',
  description: 'Does nothing.',
  args: z.object({ n: z.number().int().optional() }),
  handler,
});
const pipeline = createPipeline({ tools: [noop], rules: [{ tool: 'Noop', action: 'allow' }] });
const input = { n: 1 };

async function direct(count) {
  for (let index = 0; index < count; index++) {
    const value = await handler(input, undefined);
    if (value !== 'ok') throw new Error('unexpected');
  }
}

async function through(count) {
  for (let index = 0; index < count; index++) {
    const outcome = await pipeline.runTool({ name: 'Noop', input, toolUseId: 'call' }).outcome;
    if (outcome.status !== 'success') throw new Error(String(outcome.result));
  }
}

async function measure(run, count) {
  const start = process.hrtime.bigint();
  await run(count);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const COUNT = 200_000;
await direct(COUNT);
await through(COUNT);
let best = { direct: Number.POSITIVE_INFINITY, pipeline: Number.POSITIVE_INFINITY };
for (let round = 0; round < 5; round++) {
  best = {
    direct: Math.min(best.direct, await measure(direct, COUNT)),
    pipeline: Math.min(best.pipeline, await measure(through, COUNT)),
  };
}
const directRate = COUNT / best.direct;
const pipelineRate = COUNT / best.pipeline;
const overheadMicros = ((best.pipeline - best.direct) / COUNT) * 1e6;
console.log(`direct handler (awaited): ${Math.round(directRate).toLocaleString('en')} calls/s`);
console.log(`whole pipeline:           ${Math.round(pipelineRate).toLocaleString('en')} calls/s`);
console.log(`ratio direct/pipeline:    ${(directRate / pipelineRate).toFixed(1)}x`);
console.log(`overhead:                 ${overheadMicros.toFixed(2)} µs/call (goal < 5 µs)`);
console.log(`goal ≥ 200,000 calls/s:   ${pipelineRate >= 200_000 ? 'met' : 'NOT met'}`);
