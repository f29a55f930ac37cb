// Outline of a 10,000-line TypeScript file after the grammar is loaded (goal < 50 ms),
// side by side with its baseline: a bare tree-sitter parse of the same text. The last two
// rows pass a cache key, as the tools do, so the tree is reused or incrementally reparsed.
// Run from packages/tools: `node bench/navigation.mjs`. It bundles src/navigation with
// tsup into node_modules/.cache so it works before the tools are wired into dist.
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { Language, Parser } from 'web-tree-sitter';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'node_modules/.cache/navigation-bench');
await build({
  config: false,
  entry: { navigation: join(root, 'src/navigation/index.ts') },
  format: ['esm'],
  outDir,
  target: 'node20',
  silent: true,
  external: [/^[^./]/],
});
const { outlineText, nodeReport } = await import(join(outDir, 'navigation.js'));

const ajv = realpathSync(join(root, '../pipeline/node_modules/ajv'));
const unit = readFileSync(join(ajv, 'lib/compile/index.ts'), 'utf8').split('\n');
const lines = [];
while (lines.length < 10_000) lines.push(...unit);
const text = lines.slice(0, 10_000).join('\n');

const first = await outlineText('big.ts', text);
const entries = first.value.split('\n').length;

await Parser.init();
const wasm = join(
  realpathSync(join(root, 'node_modules/tree-sitter-typescript')),
  'tree-sitter-typescript.wasm',
);
const parser = new Parser();
parser.setLanguage(await Language.load(wasm));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

// Wall time and this process's CPU time: on a shared, overloaded machine the CPU time is
// the closer estimate of what an idle core would take.
async function time(fn, runs = 15) {
  for (let i = 0; i < 10; i++) await fn();
  const wall = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    wall.push(performance.now() - start);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const parse = await time(() => parser.parse(text).delete());
const outline = await time(() => outlineText('big.ts', text));
const unchanged = await time(() => outlineText('big.ts', text, '/bench/big.ts'));
// Alternate between two versions that differ in one line near the middle.
const middle = text.indexOf('\n', text.length >> 1) + 1;
const edited = [text, `${text.slice(0, middle)}// edited\n${text.slice(middle)}`];
let version = 0;
const edit = await time(() => outlineText('big.ts', edited[version++ % 2], '/bench/edit.ts'));
const node = await time(() =>
  nodeReport('big.ts', text, { line: 9_000, column: 0, includeAncestors: true }),
);

const row = (name, t) =>
  `${name.padEnd(34)} wall ${t.wall.toFixed(1).padStart(6)} ms (${(t.wall / parse.wall).toFixed(2)}x)` +
  `  cpu ${t.cpu.toFixed(1).padStart(6)} ms (${(t.cpu / parse.cpu).toFixed(2)}x)`;
console.log(
  `10,000-line TypeScript file, ${text.length} chars, ${entries} outline entries (median of 15)`,
);
console.log(row('baseline: tree-sitter parse', parse));
console.log(row('Outline (parse + collect + format)', outline));
console.log(row('Node at line 9000 with ancestors', node));
console.log(row('Outline again, unchanged (cached)', unchanged));
console.log(row('Outline after a one-line edit', edit));
const verdict = (ms) => (ms < 50 ? 'met' : 'NOT met');
console.log(
  `goal: Outline < 50 ms -> first sight: wall ${verdict(outline.wall)}, cpu ${verdict(outline.cpu)};`,
);
console.log(`  after a one-line edit: wall ${verdict(edit.wall)}, cpu ${verdict(edit.cpu)}`);
