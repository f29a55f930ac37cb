// Bench: nested calls whose results are large. A ToolCall script makes 200 calls of a tool
// returning 20,000 characters (the size of a long Read or Grep result); the baseline is the
// same 200 calls made directly through the pipeline in a loop, in the same run. The script
// also measures each result (its value budget and the retained-values budget), which the
// direct loop does not. Uses ../dist.
import {
  createCatalog,
  createPipeline,
  createToolCallDriver,
  defineTool,
  z,
} from '../dist/index.js';
import { directLoop } from './direct-loop.mjs';

const COUNT = 200;
const ROUNDS = 30;
const text = 'abcdefghij'.repeat(2_000);
const large = defineTool({
  name: 'Large',
  description: 'Returns 20,000 characters.',
  readOnly: true,
  args: z.object({ n: z.number().int().optional() }),
  handler: () => text,
});
const pipeline = createPipeline({ tools: [large], rules: [{ tool: 'Large', action: 'allow' }] });
const catalog = createCatalog({ tools: pipeline.tools(), native: ['Large'] });
const driver = createToolCallDriver({ pipeline, limits: { nestedCalls: COUNT + 1 } });

const direct = () => directLoop(pipeline, 'Large', COUNT);

let envelope = 0;
async function script() {
  const settled = await driver.run({
    expression: `(dotimes (i ${COUNT}) (Large :n i)) "done"`,
    envelopeId: `E${++envelope}`,
    catalog,
  });
  if (settled.status !== 'success') throw new Error(String(settled.result));
}

async function time(run) {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e3 / COUNT;
}

for (let warm = 0; warm < 20; warm++) {
  await direct();
  await script();
}
const best = { direct: Infinity, script: Infinity };
for (let round = 0; round < ROUNDS; round++) {
  best.direct = Math.min(best.direct, await time(direct));
  best.script = Math.min(best.script, await time(script));
}
console.log(`ToolCall bench: ${COUNT} nested calls returning 20,000 characters, best of ${ROUNDS}`);
console.log(`direct pipeline loop (baseline)   ${best.direct.toFixed(2).padStart(7)} µs/call`);
console.log(
  `ToolCall sequential (dotimes)     ${best.script.toFixed(2).padStart(7)} µs/call  ${(best.script / best.direct).toFixed(2)}x direct`,
);
