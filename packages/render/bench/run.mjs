// Renders a transcript of 1,000 tool calls carrying 10 MB of results to ANSI
// and HTML, collapsed and expanded, and prints ms, MB/s and the ratio to a
// baseline measured in the same run: JSON.stringify of the same calls, which
// touches every byte once. Goal: a collapsed 1,000-call transcript < 50 ms.
// Usage: pnpm run build && pnpm run bench
import { performance } from 'node:perf_hooks';
import {
  appendRenderData,
  buildRenderTree,
  builtinRenderers,
  createRendererRegistry,
  diffRenderer,
  extractRenderData,
  renderAnsi,
  renderHtml,
} from '../dist/index.js';

const CALLS = 1000;
const RESULT_CHARS = 10 * 1024;

function pad(text, size) {
  let out = text;
  while (out.length < size) out += text;
  return out.slice(0, size);
}

function makeCall(index) {
  const id = `toolu_${String(index).padStart(5, '0')}`;
  const batch = index % 10 < 3 ? `batch-${Math.floor(index / 10)}` : undefined;
  switch (index % 5) {
    case 0: {
      const lines = Array.from(
        { length: 20 },
        (_, n) => `${n * 7 + 1}:  const value${n} = compute(${n}); // match`,
      );
      const block = `src/module-${index}.ts\n${lines.join('\n')}\n--\n`;
      return {
        id,
        tool: 'Grep',
        args: { pattern: 'value', path: 'src', output_mode: 'content' },
        result: pad(block, RESULT_CHARS),
        batch,
      };
    }
    case 1: {
      const hunk = '@@ -10,6 +10,6 @@\n context line\n-removed line of code\n+added line of code\n';
      return {
        id,
        tool: 'ApplyPatch',
        args: { patch: '...' },
        result: `--- a/f${index}.ts\n+++ b/f${index}.ts\n${pad(hunk, RESULT_CHARS - 40)}`,
        batch,
      };
    }
    case 2:
      return {
        id,
        tool: 'Bash',
        args: { command: `make test-${index}` },
        result: `Error: exit 2\n${pad('FAIL some/test.ts > case\n', RESULT_CHARS - 14)}`,
        status: 'error',
        batch,
      };
    default:
      return {
        id,
        tool: 'Read',
        args: { file_path: `/repo/src/file-${index}.ts` },
        result: pad(`${index}\texport function f() { return 42; }\n`, RESULT_CHARS),
        batch,
      };
  }
}

const calls = Array.from({ length: CALLS }, (_, index) => makeCall(index));
const inputChars = calls.reduce((sum, call) => sum + call.result.length, 0);
const inputMB = inputChars / 1e6;
const registry = createRendererRegistry(builtinRenderers).register('ApplyPatch', diffRenderer);
const withData = calls.map((call) => {
  const encoded = appendRenderData(call.result, call.id, { exit: 0, files: 1, note: 'bench' });
  if (!encoded.success) throw encoded.error;
  return { id: call.id, text: encoded.value };
});

function measure(run, rounds = 7) {
  run();
  const times = [];
  let output = 0;
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    output = run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], min: times[0], output };
}

const baseline = measure(() => JSON.stringify(calls).length);
const cases = [
  [
    'ANSI collapsed (rows closed)',
    () => renderAnsi(buildRenderTree(calls, { registry, expand: 'none' }), { color: true }).length,
  ],
  [
    'ANSI default (renderers choose)',
    () => renderAnsi(buildRenderTree(calls, { registry }), { color: true }).length,
  ],
  [
    'ANSI expanded (all open, folded)',
    () => renderAnsi(buildRenderTree(calls, { registry, expand: 'all' }), { color: true }).length,
  ],
  [
    'ANSI expanded (all open, unfolded)',
    () =>
      renderAnsi(buildRenderTree(calls, { registry, expand: 'all' }), {
        color: true,
        maxBodyLines: 0,
      }).length,
  ],
  [
    'HTML collapsed (summaries only)',
    () => renderHtml(buildRenderTree(calls, { registry, expand: 'none' })).length,
  ],
  [
    'HTML page (closed rows carry bodies)',
    () => renderHtml(buildRenderTree(calls, { registry, content: 'all' })).length,
  ],
  [
    'HTML expanded (all open)',
    () => renderHtml(buildRenderTree(calls, { registry, expand: 'all' })).length,
  ],
  [
    'render-data extract (1,000 results)',
    () => withData.reduce((n, c) => n + extractRenderData(c.text, c.id).text.length, 0),
  ],
];

console.log(`transcript: ${CALLS} calls, ${inputMB.toFixed(1)} MB of results`);
console.log(
  `baseline JSON.stringify(calls): ${baseline.ms.toFixed(1)} ms (median of 7; min ${baseline.min.toFixed(1)})\n`,
);
console.log(
  `${'case'.padEnd(40)} ${'ms'.padStart(8)} ${'min ms'.padStart(8)} ${'MB/s'.padStart(8)} ${'out MB'.padStart(8)} ${'× base'.padStart(8)}`,
);
const results = {};
for (const [name, run] of cases) {
  const { ms, min, output } = measure(run);
  results[name] = ms;
  console.log(
    `${name.padEnd(40)} ${ms.toFixed(1).padStart(8)} ${min.toFixed(1).padStart(8)} ${(inputMB / (ms / 1000)).toFixed(0).padStart(8)} ${(output / 1e6).toFixed(1).padStart(8)} ${(ms / baseline.ms).toFixed(2).padStart(8)}`,
  );
}
const collapsed = results['ANSI collapsed (rows closed)'];
console.log(
  `\ngoal: collapsed 1,000-call transcript < 50 ms → ${collapsed.toFixed(1)} ms ${collapsed < 50 ? 'MET' : 'MISSED'}`,
);
