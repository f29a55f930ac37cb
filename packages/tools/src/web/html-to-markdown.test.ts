import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './html-to-markdown.js';

const page = new URL('https://example.com/docs/page.html?x=1');

describe('htmlToMarkdown', () => {
  it('returns headings, paragraphs and emphasis when given a simple document', () => {
    const html = `<!doctype html><html><head><title>T</title><style>p{color:red}</style>
      <script>alert("x")</script></head><body><h1>Main  title</h1><p>Some <b>bold</b> and <em>soft</em>
      text&nbsp;here &amp; there.</p><h2>Sub</h2><p>Second<br>line</p><!-- note --></body></html>`;
    expect(htmlToMarkdown(html, page)).toBe(
      '# Main title\n\nSome **bold** and *soft* text\u00a0here & there.\n\n## Sub\n\nSecond\nline',
    );
  });

  it('returns links resolved against the page, with parentheses percent-encoded', () => {
    const html = `<p><a href="/wiki/Foo_(bar)">Foo [bar]</a>, <a href="other.html#s">rel</a>,
      <a href="mailto:a@b.c">mail</a>, <a href="#top">top</a>, <a href="page.html?x=1#frag">self</a>,
      <a href="https://x.org/">https://x.org/</a>, <a href="/y"></a>, <a href="javascript:void(0)">js</a></p>`;
    expect(htmlToMarkdown(html, page)).toBe(
      '[Foo \\[bar\\]](https://example.com/wiki/Foo_%28bar%29), [rel](https://example.com/docs/other.html#s), mail, top, self, https://x.org/, , js',
    );
  });

  it('returns links resolved against the base element when the page has one', () => {
    const html = '<head><base href="https://cdn.example.net/root/"></head><a href="a b">x</a>';
    expect(htmlToMarkdown(html, page)).toBe('[x](https://cdn.example.net/root/a%20b)');
  });

  it('returns link text on one line when the text wraps or holds line breaks', () => {
    const html = `<p><a href="/long">A link whose text
        wraps over   several\n\tlines</a> and <a href="/br">one<br>two</a></p>`;
    expect(htmlToMarkdown(html, page)).toBe(
      '[A link whose text wraps over several lines](https://example.com/long) and [one two](https://example.com/br)',
    );
  });

  it('returns nested lists with markers and indentation', () => {
    const html =
      '<ul><li>one<li>two<ul><li>inner</li></ul></li></ul><ol start="3"><li>three</li><li><p>four</p></li></ol>';
    expect(htmlToMarkdown(html, page)).toBe('- one\n- two\n  - inner\n\n3. three\n4. four');
  });

  it('returns fenced code blocks with the language and the text untouched', () => {
    const html =
      '<pre><code class="language-ts">const a = 1;\n  if (a &lt; 2) {}\n</code></pre><p>Use <code>npm i</code>.</p>';
    expect(htmlToMarkdown(html, page)).toBe(
      '```ts\nconst a = 1;\n  if (a < 2) {}\n```\n\nUse `npm i`.',
    );
  });

  it('returns a pipe table when given a data table', () => {
    const html =
      '<table><thead><tr><th>Name<th>Value</thead><tbody><tr><td>a|b<td>1<tr><td>c</table>';
    expect(htmlToMarkdown(html, page)).toBe(
      '| Name | Value |\n| --- | --- |\n| a\\|b | 1 |\n| c |  |',
    );
  });

  it('returns the cells as blocks when given a one-column layout table', () => {
    expect(
      htmlToMarkdown('<table><tr><td><p>A</p></td></tr><tr><td>B</td></tr></table>', page),
    ).toBe('A\n\nB');
  });

  it('returns quotes, rules, images and definition lists', () => {
    const html =
      '<blockquote><p>Q1</p><p>Q2</p></blockquote><hr><img src="/i.png" alt="pic"><dl><dt>T</dt><dd>D</dd></dl>';
    expect(htmlToMarkdown(html, page)).toBe(
      '> Q1\n>\n> Q2\n\n---\n\n![pic](https://example.com/i.png)\n\nT\n: D',
    );
  });

  it('returns text without crashing when given malformed markup', () => {
    expect(htmlToMarkdown('<div><p>open <b>bold <i>both</div> tail </b> <a href="x" <', page)).toBe(
      'open **bold *both***\n\ntail <a href="x" <',
    );
  });

  test.prop([fc.string(), fc.string({ minLength: 1 })])(
    'renders any link as plain text or a well-formed http link',
    (href, label) => {
      const html = `<a href="${href.replace(/"/g, '&quot;')}">${label.replace(/[<&]/g, ' ')}</a>`;
      const markdown = htmlToMarkdown(html, page);
      const link = /^\[(?:[^\]\\]|\\.)*\]\(([^()\s]+)\)$/.exec(markdown);
      if (link !== null) expect(['http:', 'https:']).toContain(new URL(link[1] ?? '').protocol);
      else expect(markdown).not.toMatch(/\]\(/);
    },
  );

  it('returns the text of stray list, table and definition parts outside their containers', () => {
    expect(htmlToMarkdown('<dd>def</dd><td>cell</td><li>item</li><dt>term', page)).toBe(
      'def\n\ncell\n\n- item\n\nterm',
    );
  });

  it('returns the text when given elements nested far deeper than any page', () => {
    const deep = `${'<div><b>'.repeat(20_000)}deep${'</b></div>'.repeat(20_000)}`;
    expect(htmlToMarkdown(deep, page)).toMatch(/^\*+deep\*+$/);
  });

  const fragments = fc.constantFrom(
    ...'<p> </p> <div> </div> <ul> </ul> <ol> <li> </li> <dl> <dt> <dd> <table> </table> <tr> <td> <th> </td> <thead> <tbody> <pre> </pre> <code> </code> <blockquote> <h2> </h2> <b> </b> <i> <a href="/x"> </a> <br> <hr> <img alt=i src=/i> <script> </script> <!-- --> text &amp; ( ) [ ] ` \n'.split(
      ' ',
    ),
  );
  test.prop([fc.array(fragments, { maxLength: 60 })])(
    'never throws on arbitrary tag soup',
    (parts) => {
      expect(typeof htmlToMarkdown(parts.join(''), page)).toBe('string');
    },
  );

  test.prop([fc.string()])('never throws on arbitrary input', (html) => {
    expect(typeof htmlToMarkdown(html, page)).toBe('string');
  });
});
