import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../src/backends/html.js';
import { buildRenderTree } from '../src/build-tree.js';
import { createRendererRegistry } from '../src/registry.js';
import { builtinRenderers } from '../src/renderers/builtin.js';
import { diffRenderer } from '../src/renderers/diff-renderer.js';
import type { ToolCallRecord } from '../src/rendering.js';

function findChromium(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
}

const chromium = findChromium();
const missing =
  'chromium is not installed: install Debian\'s "chromium" package (apt-get install -y --no-install-recommends chromium); `npm test` installs it when run as root';

const longLine = 'x'.repeat(3000);
const grep = `src/a.ts\n12:const foo = 1;\n13-context\n--\n40:${longLine}\n\nsrc/b.ts\n3:foo\n`;
const diff = `--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-old\n+new ${'y'.repeat(1500)}\n ctx\n`;
const calls: ToolCallRecord[] = [
  {
    id: 't1',
    tool: 'Grep',
    args: { pattern: 'foo', path: 'src', output_mode: 'content' },
    result: grep,
  },
  {
    id: 't2',
    tool: 'Read',
    args: { file_path: `/x/${'long/'.repeat(80)}y.ts` },
    result: 'Error: File not found',
    status: 'error',
  },
  {
    id: 't3',
    tool: 'Read',
    args: { file_path: 'a' },
    result: '<script>document.title="x"</script>',
    batch: 'b',
  },
  { id: 't4', tool: 'Read', args: { file_path: 'b' }, result: 'bbb', batch: 'b' },
  { id: 't5', tool: 'ApplyPatch', args: {}, result: diff },
  {
    id: 't6',
    tool: 'ToolCall',
    args: { expression: '(parallel (Read "c") (Grep "foo"))' },
    result: 'done',
    renderData: {
      children: [
        { id: 't6/1', tool: 'Read', args: { file_path: 'c' }, result: longLine, batch: 'j' },
        {
          id: 't6/2',
          tool: 'Grep',
          args: { pattern: 'foo', output_mode: 'content' },
          result: grep,
          batch: 'j',
        },
      ],
    },
  },
];

describe('renderHtml in a real headless Chromium', () => {
  const title = 'opens rows on click and overflows nothing at 800 px';
  it(title, { timeout: 90_000 }, async () => {
    // A missing browser fails this check by name rather than skipping it unseen.
    if (chromium === null) throw new Error(missing);
    const registry = createRendererRegistry(builtinRenderers)
      .register('ApplyPatch', diffRenderer)
      .register('ToolCall', (_name, _args, result, data) => ({
        header: 'ToolCall: 2 calls',
        body: String(result),
        childCalls: (data?.children ?? []) as never,
      }));
    const html = renderHtml(buildRenderTree(calls, { registry, content: 'all' }), {
      title: 'Browser check',
    });
    const directory = mkdtempSync(join(tmpdir(), 'render-html-'));
    try {
      const page = join(directory, 'page.html');
      writeFileSync(page, html);
      // Screenshots land in .test-results for a human look; the directory is git-ignored.
      const results = join(import.meta.dirname, '..', '.test-results');
      mkdirSync(results, { recursive: true });
      const driver = join(import.meta.dirname, 'browser', 'drive-page.mjs');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--experimental-websocket', driver, chromium, page, join(results, 'html-page.png')],
        { timeout: 80_000 },
      ).catch((error: { code?: unknown; signal?: unknown; stdout?: string; stderr?: string }) => {
        throw new Error(
          `Browser driver failed (code ${String(error.code)}, signal ${String(error.signal)}): ${error.stderr}${error.stdout}`,
        );
      });
      const report = JSON.parse(stdout);
      expect(report.initial.bodies).toEqual({
        t1: grep,
        t2: 'Error: File not found',
        t3: '<script>document.title="x"</script>',
        t4: 'bbb',
        t5: diff,
        t6: 'done',
        't6/1': longLine,
        't6/2': grep,
      });
      expect({ ...report.initial, bodies: undefined }).toEqual({
        bodies: undefined,
        rows: 8,
        scripts: 0,
        open: 1,
        openIds: ['t5'],
        overflow: { scrollWidth: 800, clientWidth: 800, offenders: [] },
      });
      expect(
        report.clicked.map((row: { id: string; open: boolean }) => [row.id, row.open]),
      ).toEqual([
        ['t1', true],
        ['t2', true],
        ['t3', true],
        ['t4', true],
        ['t6', true],
        ['t6/1', true],
        ['t6/2', true],
      ]);
      for (const row of report.clicked) expect(row.contentHeight).toBeGreaterThan(0);
      expect(report.afterClicks).toEqual({ scrollWidth: 800, clientWidth: 800, offenders: [] });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
