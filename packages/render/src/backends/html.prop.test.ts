import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { makeRow, makeTree } from '../testing/fixtures.js';
import { renderHtml } from './html.js';

function decodeShownText(html: string): string {
  return html
    .replaceAll(/<span class="tc-[a-z-]+">|<\/span>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

describe('renderHtml properties', () => {
  test.prop([
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'binary', minLength: 1 }),
    fc.constantFrom('text', 'diff', 'grep', 'json'),
    fc.string({ unit: 'binary' }),
  ])(
    'escapes all text so that the page shows exactly the header and body',
    (header, body, bodyMode, id) => {
      const html = renderHtml(makeTree(makeRow({ id, header, body, bodyMode, children: [] })));
      const summary = /<span class="tc-header">([^<]*)<\/span>/.exec(html);
      const pre = /<pre class="tc-body tc-mode-[a-z]+">\n([\s\S]*?)<\/pre>/.exec(html);
      const dataId = /data-id="([^"]*)"/.exec(html);
      expect(
        [summary?.[1], pre?.[1], dataId?.[1]].map((part) =>
          decodeShownText(part ?? '\u0000missing'),
        ),
      ).toEqual([header, body, id]);
    },
  );
});
