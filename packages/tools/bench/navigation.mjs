// Outline of a 10,000-line TypeScript file after the grammar is loaded (goal < 50 ms),
// side by side with its baseline: a bare tree-sitter parse of the same text.
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

async function time(fn, runs = 15) {
  for (let i = 0; i < 10; i++) await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const parse = await time(() => parser.parse(text).delete());
const outline = await time(() => outlineText('big.ts', text));
const node = await time(() =>
  nodeReport('big.ts', text, { line: 9_000, column: 0, includeAncestors: true }),
);

const row = (name, ms) =>
  `${name.padEnd(34)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / parse).toFixed(2)}x parse`;
console.log(
  `10,000-line TypeScript file, ${text.length} chars, ${entries} outline entries (median of 15)`,
);
console.log(row('baseline: tree-sitter parse', parse));
console.log(row('Outline (parse + collect + format)', outline));
console.log(row('Node at line 9000 with ancestors', node));
console.log(`goal: Outline < 50 ms -> ${outline < 50 ? 'met' : 'NOT met'}`);
