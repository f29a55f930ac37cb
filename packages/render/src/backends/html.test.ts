import { describe, expect, it } from 'vitest';
import { makeRow, makeTree } from '../testing/fixtures.js';
import { renderHtml } from './html.js';

function main(html: string): string {
  const start = html.indexOf('</h1>\n') + 6;
  return html.slice(start, html.indexOf('\n</main>'));
}

describe('renderHtml', () => {
  it('writes a self-contained page that loads nothing else', () => {
    const html = renderHtml(makeTree(), { title: 'A <b> & c' });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>A &lt;b&gt; &amp; c</title>');
    expect(html).not.toMatch(/<script|<link|src=|url\(/);
  });

  it('draws collapsible details rows, open when expanded, and event lines', () => {
    const tree = makeTree(
      makeRow({ id: 't"1', header: 'Read <a>', body: 'x & y', children: [] }),
      makeRow({
        id: 't2',
        header: 'Bash',
        status: 'error',
        expanded: true,
        body: '',
        children: [],
      }),
      makeRow({ id: 't3', header: 'Wait', expandable: false, count: 2 }),
    );
    expect(main(renderHtml(tree))).toBe(
      '<details class="tc-row tc-status-success" data-id="t&quot;1" data-tool="Tool" data-glyph="▸"><summary><span class="tc-header">Read &lt;a&gt;</span></summary><div class="tc-content"><pre class="tc-body tc-mode-text">\nx &amp; y</pre></div></details>' +
        '<details class="tc-row tc-status-error" data-id="t2" data-tool="Tool" data-glyph="▾" open><summary><span class="tc-marker">×</span><span class="tc-header">Bash</span></summary><div class="tc-content"></div></details>' +
        '<div class="tc-row tc-status-success tc-event" data-id="t3" data-tool="Tool"><span class="tc-header">Wait</span><span class="tc-count"> (2 calls)</span></div>',
    );
  });

  it('draws denied and interrupted rows with their own marker and class, denials in the error colour', () => {
    const tree = makeTree(
      makeRow({ id: 'd', header: 'Bash rm', status: 'denied' }),
      makeRow({ id: 'i', header: 'Wait', status: 'interrupted', expandable: false }),
    );
    const html = renderHtml(tree);
    expect(main(html)).toBe(
      '<details class="tc-row tc-status-denied" data-id="d" data-tool="Tool" data-glyph="▸"><summary><span class="tc-marker">⊗</span><span class="tc-header">Bash rm</span></summary><div class="tc-content"></div></details>' +
        '<div class="tc-row tc-status-interrupted tc-event" data-id="i" data-tool="Tool"><span class="tc-marker">↯</span><span class="tc-header">Wait</span></div>',
    );
    expect(html).toContain(
      '.tc-status-denied > summary .tc-marker, .tc-event.tc-status-denied .tc-marker { color: var(--err); }',
    );
  });

  it('marks up diff and grep lines with syntax classes and brackets batches', () => {
    const tree = makeTree({
      kind: 'batch',
      batch: 'b<1>',
      rows: [
        makeRow({ header: 'd', bodyMode: 'diff', body: '@@ x\n-a<\n+b', children: [] }),
        makeRow({ header: 'g', bodyMode: 'grep', body: 'p\n1:x\n2-y\n--', children: [] }),
      ],
    });
    const html = main(renderHtml(tree));
    expect(html.startsWith('<div class="tc-batch" data-batch="b&lt;1&gt;">')).toBe(true);
    expect(html).toContain(
      '<pre class="tc-body tc-mode-diff">\n<span class="tc-diff-hunk">@@ x</span>\n<span class="tc-diff-del">-a&lt;</span>\n<span class="tc-diff-add">+b</span></pre>',
    );
    expect(html).toContain(
      '<pre class="tc-body tc-mode-grep">\n<span class="tc-grep-path">p</span>\n<span class="tc-grep-line">1:</span>x\n<span class="tc-grep-line">2-</span><span class="tc-grep-context">y</span>\n<span class="tc-grep-separator">--</span></pre>',
    );
  });
});
