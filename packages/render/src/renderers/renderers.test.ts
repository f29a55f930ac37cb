import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../renderer.js';
import { diffRenderer } from './diff-renderer.js';
import { genericRenderer, summarizeArgs } from './generic-renderer.js';
import { grepRenderer } from './grep-renderer.js';
import { returnedRenderer, returnedRow } from './returned-renderer.js';

const full: RenderContext = { summaryOnly: false, status: 'success', id: 't' };
const summary: RenderContext = { ...full, summaryOnly: true };

describe('grepRenderer', () => {
  const content =
    'src/a.ts\n12:const foo = 1;\n13-ctx\n--\n40:foo()\n\nsrc/b.ts\n3:foo\n\n... Results truncated (limit: 3, offset: 0)';
  const args = { pattern: 'foo', path: 'src', output_mode: 'content' };

  it('counts matches and files in content mode and keeps the body in grep mode', () => {
    expect(grepRenderer('Grep', args, content, null, full)).toEqual({
      header: 'Grep "foo" in src (3 matches in 2 files)',
      bodyMode: 'grep',
      initiallyCollapsed: true,
      body: content,
    });
  });

  it('skips the body in summary-only mode and prefers counts from render data', () => {
    expect(grepRenderer('Grep', args, content, { matches: 1, files: 1 }, summary)).toEqual({
      header: 'Grep "foo" in src (1 match in 1 file)',
      bodyMode: 'grep',
      initiallyCollapsed: true,
    });
  });

  it('summarizes files and count modes and empty results', () => {
    const headers = [
      grepRenderer('Grep', { pattern: 'x' }, '/a\n/b', null, summary)?.header,
      grepRenderer('Grep', { pattern: 'x', output_mode: 'count' }, '/a:2\n/b:5', null, summary)
        ?.header,
      grepRenderer('Grep', { pattern: 'x' }, 'No matches found', null, summary),
    ];
    expect(headers).toEqual([
      'Grep "x" (2 files)',
      'Grep "x" (7 matches in 2 files)',
      { header: 'Grep "x" (no matches)', expandable: false },
    ]);
  });

  it('returns null for results it does not understand', () => {
    expect(grepRenderer('Grep', { pattern: 'x' }, { not: 'text' }, null, full)).toBeNull();
  });
});

describe('diffRenderer', () => {
  const diff = '--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-old\n+new\n ctx\n';

  it('summarizes the file and line counts and opens by default', () => {
    expect(diffRenderer('ApplyPatch', {}, diff, null, full)).toEqual({
      header: 'ApplyPatch x.ts (+1 −1)',
      bodyMode: 'diff',
      initiallyCollapsed: false,
      body: diff,
    });
  });

  it('adds a preview of the first changes to long diffs', () => {
    const long = `--- a/y\n+++ b/y\n@@ -1 +1 @@\n${'+line\n'.repeat(40)}`;
    const rendering = diffRenderer('ApplyPatch', {}, long, null, full);
    expect(rendering?.previewBody).toBe(`${long.split('\n').slice(0, 30).join('\n')}\n…`);
    expect(rendering?.header).toBe('ApplyPatch y (+40 −0)');
  });

  it('returns null for text that is not a unified diff', () => {
    expect(diffRenderer('X', {}, 'hello', null, full)).toBeNull();
  });
});

describe('genericRenderer', () => {
  it('pretty-prints non-text results as JSON', () => {
    expect(genericRenderer('Tool', { count: 2 }, { a: [1] }, null, full)).toEqual({
      header: 'Tool',
      bodyMode: 'json',
      status: 'success',
      expandable: true,
      initiallyCollapsed: true,
      body: '{\n  "a": [\n    1\n  ]\n}',
    });
  });

  it('draws an empty result as a compact line', () => {
    expect(genericRenderer('Tool', {}, '', null, full)).toEqual({
      header: 'Tool',
      bodyMode: 'text',
      status: 'success',
      expandable: false,
      initiallyCollapsed: true,
      body: '',
    });
  });
});

describe('summarizeArgs', () => {
  it('prefers salient keys and keeps one short line', () => {
    expect([
      summarizeArgs({ limit: 3, file_path: '/a/b' }),
      summarizeArgs({ other: 'first\nsecond' }),
      summarizeArgs({ command: 'x'.repeat(70) }),
      summarizeArgs(null),
    ]).toEqual(['/a/b', 'first…', `${'x'.repeat(60)}…`, '']);
  });
});

describe('returnedRenderer', () => {
  it("draws a script's returned value as a collapsed row counting its lines", () => {
    const text = Array.from({ length: 21 }, (_, i) => `line ${i + 1}`).join('\n');
    expect(returnedRenderer('Returned', undefined, text, null, full)).toEqual({
      header: 'Returned (21 lines)',
      bodyMode: 'text',
      expandable: true,
      initiallyCollapsed: true,
      body: text,
    });
    expect(returnedRenderer('Returned', undefined, ['a', 1], null, summary)).toEqual({
      header: 'Returned (4 lines)',
      bodyMode: 'text',
      expandable: true,
      initiallyCollapsed: true,
    });
    expect(returnedRow('toolu_1', 'x')).toEqual({
      id: 'toolu_1/returned',
      tool: 'Returned',
      result: 'x',
      status: 'success',
    });
  });
});
