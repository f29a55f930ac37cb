import { describe, expect, it } from 'vitest';
import {
  hostMatchesDomain,
  normalizeDomain,
  passesDomainFilter,
  queryWithDomains,
} from './domain-filter.js';
import { parseDuckDuckGoPage, unwrapDestination } from './duckduckgo-parse.js';
import { challengePage, noResultsPage, resultsPage } from './testing/duckduckgo-pages.js';

const page = new URL('https://html.duckduckgo.com/html/?q=x');

describe('unwrapDestination', () => {
  it('returns the uddg destination re-encoded when given a DuckDuckGo redirect', () => {
    const href = `//duckduckgo.com/l/?uddg=${encodeURIComponent('https://a.test/x y?z=ü')}&rut=abc`;
    expect(unwrapDestination(href, page)).toBe('https://a.test/x%20y?z=%C3%BC');
  });

  it('returns undefined for ads, non-http destinations and unparsable links', () => {
    const javascript = `//duckduckgo.com/l/?uddg=${encodeURIComponent('javascript:alert(1)')}`;
    expect([
      unwrapDestination('https://duckduckgo.com/y.js?ad_domain=x', page),
      unwrapDestination(javascript, page),
      unwrapDestination('//duckduckgo.com/l/?uddg=not%20a%20url', page),
    ]).toEqual([undefined, undefined, undefined]);
  });

  it('returns a direct link unchanged when it is not wrapped', () => {
    expect(unwrapDestination('https://b.test/', page)).toBe('https://b.test/');
  });
});

describe('parseDuckDuckGoPage', () => {
  it('tells results, an explicit empty answer, the challenge and other pages apart', () => {
    expect(
      parseDuckDuckGoPage(
        resultsPage([{ title: 'T', url: 'https://t.test/', snippet: 'S' }]),
        page,
      ),
    ).toEqual({
      kind: 'results',
      results: [{ title: 'T', url: 'https://t.test/', snippet: 'S' }],
    });
    expect(parseDuckDuckGoPage(noResultsPage(), page)).toEqual({ kind: 'results', results: [] });
    expect(parseDuckDuckGoPage(challengePage(), page)).toEqual({ kind: 'challenge' });
    expect(parseDuckDuckGoPage('<p>hello</p>', page)).toEqual({ kind: 'unrecognised' });
  });

  it('returns results when the query, a title or a snippet mentions the challenge', () => {
    const results = [
      { title: 'Why bots use DuckDuckGo too', url: 'https://a.test/', snippet: 'About it.' },
      {
        title: 'Modal markup',
        url: 'https://b.test/',
        snippet:
          'The page has &lt;div class=&quot;anomaly-modal__mask&quot;&gt; and id=&quot;anomaly&quot;.',
      },
      { title: 'Forms', url: 'https://c.test/', snippet: '&lt;form id="challenge-form"&gt;' },
    ];
    const html = resultsPage(results, 'bots use DuckDuckGo too <form id="challenge-form">');
    expect(parseDuckDuckGoPage(html, page)).toEqual({
      kind: 'results',
      results: [
        results[0],
        {
          title: 'Modal markup',
          url: 'https://b.test/',
          snippet: 'The page has <div class="anomaly-modal__mask"> and id="anomaly".',
        },
        { title: 'Forms', url: 'https://c.test/', snippet: '<form id="challenge-form">' },
      ],
    });
  });
});

describe('domain filtering', () => {
  it('matches hosts at a label boundary only', () => {
    expect(
      [
        'example.com',
        'a.example.com',
        'notexample.com',
        'example.com.evil.test',
        'EXAMPLE.COM.',
      ].map((host) => hostMatchesDomain(host, 'example.com')),
    ).toEqual([true, true, false, false, true]);
  });

  it('normalises domains given as URLs, wildcards or with ports', () => {
    expect(
      ['https://Example.com/path', '*.example.com', '.example.com.', 'example.com:8080'].map(
        normalizeDomain,
      ),
    ).toEqual(['example.com', 'example.com', 'example.com', 'example.com']);
  });

  it('matches internationalised domains in their punycode form', () => {
    const allowed = ['bücher.de'].map(normalizeDomain);
    const blocked = ['*.MÜNCHEN.de'].map(normalizeDomain);
    expect({
      allowed,
      blocked,
      query: queryWithDomains('q', { allowed, blocked: [] }),
      kept: ['https://bücher.de/x', 'https://shop.bücher.de/', 'https://xbücher.de/'].map((url) =>
        passesDomainFilter(url, { allowed, blocked: [] }),
      ),
      notBlocked: ['https://www.münchen.de/', 'https://muenchen.de/'].map((url) =>
        passesDomainFilter(url, { allowed: [], blocked }),
      ),
    }).toEqual({
      allowed: ['xn--bcher-kva.de'],
      blocked: ['xn--mnchen-3ya.de'],
      query: 'q site:xn--bcher-kva.de',
      kept: [true, true, false],
      notBlocked: [false, true],
    });
  });

  it('adds site: and -site: terms', () => {
    expect([
      queryWithDomains('q', { allowed: ['a.com'], blocked: [] }),
      queryWithDomains('q', { allowed: ['a.com', 'b.org'], blocked: [] }),
      queryWithDomains('q', { allowed: [], blocked: ['a.com', 'b.org'] }),
      queryWithDomains('q', { allowed: [], blocked: [] }),
    ]).toEqual(['q site:a.com', 'q (site:a.com OR site:b.org)', 'q -site:a.com -site:b.org', 'q']);
  });
});
