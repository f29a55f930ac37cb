import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from './testing/call-tool.js';
import {
  challengePage,
  noResultsPage,
  type PageResult,
  resultsPage,
} from './testing/duckduckgo-pages.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';
import { createWebSearchTool } from './web-search-tool.js';

let server: LoopbackServer;
const queries: string[] = [];
let gate: ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined;

const RESULTS: PageResult[] = [
  {
    title: 'Example <b>Domain</b>',
    url: 'https://example.com/',
    snippet: 'This domain is for use in <b>illustrative</b> examples.',
  },
  {
    title: 'Docs (v2)',
    url: 'https://docs.example.com/a b?q=1&x=(y)',
    snippet: 'Spaces &amp; parens.',
  },
  { title: 'Duplicate', url: 'https://example.com/', snippet: 'Same destination again.' },
  { title: 'Not example', url: 'https://notexample.com/page', snippet: 'A lookalike host.' },
  { title: 'Rust', url: 'https://www.rust-lang.org/', snippet: 'A language.' },
];

function route(request: IncomingMessage, response: ServerResponse): void {
  if (gate?.(request, response)) return;
  serve(request, response);
}

function serve(request: IncomingMessage, response: ServerResponse): void {
  const query = new URL(request.url ?? '/', server.url).searchParams.get('q') ?? '';
  queries.push(query);
  if (query.startsWith('unavailable')) {
    response.writeHead(503, { 'content-type': 'text/html' });
    response.end('<html><body><p>Service unavailable</p></body></html>');
    return;
  }
  const page = query.startsWith('challenge')
    ? challengePage()
    : query.startsWith('nothing')
      ? noResultsPage()
      : query.startsWith('many')
        ? resultsPage(
            Array.from({ length: 14 }, (_, index) => ({
              title: `R${index + 1}`,
              url: `https://site${index + 1}.test/`,
              snippet: '',
            })),
          )
        : query.startsWith('odd')
          ? '<html><body><p>Something else entirely</p></body></html>'
          : resultsPage(RESULTS);
  response.writeHead(query.startsWith('challenge') ? 202 : 200, {
    'content-type': 'text/html; charset=utf-8',
  });
  response.end(page);
}

beforeAll(async () => {
  server = await startLoopbackServer(route);
});
afterAll(() => server.close());

function searchTool() {
  return createWebSearchTool({ endpoint: `${server.url}/html/`, timeoutMs: 10_000 });
}

describe('WebSearch', () => {
  it('returns numbered results with unwrapped, re-encoded destinations, skipping ads and duplicates', async () => {
    expect(await callTool(searchTool(), { query: 'example' })).toEqual({
      result: [
        '1. Example Domain\n   https://example.com/\n   This domain is for use in illustrative examples.',
        '2. Docs (v2)\n   https://docs.example.com/a%20b?q=1&x=(y)\n   Spaces & parens.',
        '3. Not example\n   https://notexample.com/page\n   A lookalike host.',
        '4. Rust\n   https://www.rust-lang.org/\n   A language.',
      ].join('\n\n'),
      renderData: { query: 'example', results: 4 },
    });
  });

  it('returns at most ten results', async () => {
    const { result } = await callTool(searchTool(), { query: 'many' });
    expect(
      String(result)
        .split('\n\n')
        .map((entry) => entry.split('\n')[0]),
    ).toEqual(Array.from({ length: 10 }, (_, index) => `${index + 1}. R${index + 1}`));
  });

  it('adds site: terms and filters hosts at a label boundary when given allowed_domains', async () => {
    const { result } = await callTool(searchTool(), {
      query: 'example a',
      allowed_domains: ['example.com', 'https://rust-lang.org/x'],
    });
    expect(queries.at(-1)).toBe('example a (site:example.com OR site:rust-lang.org)');
    expect(
      String(result)
        .split('\n\n')
        .map((entry) => entry.split('\n')[1]?.trim()),
    ).toEqual([
      'https://example.com/',
      'https://docs.example.com/a%20b?q=1&x=(y)',
      'https://www.rust-lang.org/',
    ]);
  });

  it('adds -site: terms and drops matching hosts when given blocked_domains', async () => {
    const { result } = await callTool(searchTool(), {
      query: 'example b',
      blocked_domains: ['*.example.com', 'rust-lang.org'],
    });
    expect(queries.at(-1)).toBe('example b -site:example.com -site:rust-lang.org');
    expect(String(result)).toBe(
      '1. Not example\n   https://notexample.com/page\n   A lookalike host.',
    );
  });

  it('returns an error when given both domain lists', async () => {
    expect(
      await callTool(searchTool(), {
        query: 'x',
        allowed_domains: ['a.com'],
        blocked_domains: ['b.com'],
      }),
    ).toEqual({
      result: 'Error: pass allowed_domains or blocked_domains, not both',
      status: 'error',
    });
  });

  it('returns a success naming the query when there are no results', async () => {
    expect(await callTool(searchTool(), { query: 'nothing here' })).toEqual({
      result: 'No results found for "nothing here".',
      renderData: { query: 'nothing here', results: 0 },
    });
  });

  it('returns an error distinct from no results when DuckDuckGo serves its bot challenge', async () => {
    expect(await callTool(searchTool(), { query: 'challenge me' })).toEqual({
      result: 'Error: DuckDuckGo answered with a bot challenge instead of results; try again later',
      status: 'error',
      renderData: { query: 'challenge me', challenge: true },
    });
  });

  it('returns an error when the page is not a result page', async () => {
    expect((await callTool(searchTool(), { query: 'odd' })).result).toMatch(
      /^Error: DuckDuckGo returned an unrecognised page \(HTTP 200, \d+ bytes\)$/,
    );
  });

  it('runs at most two searches at once', async () => {
    const held: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    let arrived = 0;
    gate = (request, response) => {
      arrived += 1;
      inFlight += 1;
      most = Math.max(most, inFlight);
      held.push(() => serve(request, response));
      response.on('finish', () => {
        inFlight -= 1;
        if (arrived === 5) for (let next = held.shift(); next; next = held.shift()) next();
      });
      // Answer the oldest held search only once two are waiting (or all have arrived).
      if (inFlight >= 2 || arrived === 5) held.shift()?.();
      return true;
    };
    const tool = searchTool();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) => callTool(tool, { query: `nothing ${index}` })),
    );
    gate = undefined;
    expect(results.map((envelope) => envelope.result)).toEqual(
      Array.from({ length: 5 }, (_, index) => `No results found for "nothing ${index}".`),
    );
    expect(most).toBe(2);
  });

  it('returns an error naming the status when the page is not a result page', async () => {
    expect(await callTool(searchTool(), { query: 'unavailable' })).toEqual({
      result: expect.stringMatching(
        /^Error: DuckDuckGo returned an unrecognised page \(HTTP 503, \d+ bytes\)$/,
      ),
      status: 'error',
    });
  });

  it('returns a timeout error naming the configured timeout when DuckDuckGo never answers', async () => {
    const held: ServerResponse[] = [];
    gate = (_request, response) => {
      held.push(response);
      return true;
    };
    const tool = createWebSearchTool({ endpoint: `${server.url}/html/`, timeoutMs: 300 });
    const envelope = await callTool(tool, { query: 'slow' });
    gate = undefined;
    for (const response of held) response.destroy();
    expect(envelope).toEqual({ result: 'Error: WebSearch timed out after 0.3 s', status: 'error' });
  });

  it('ends a search cancelled while it waits for a slot before any slot frees', async () => {
    const held: ServerResponse[] = [];
    gate = (_request, response) => {
      held.push(response);
      return true;
    };
    const tool = searchTool();
    let runningSettled = false;
    const running = Promise.all([
      callTool(tool, { query: 'nothing 1' }),
      callTool(tool, { query: 'nothing 2' }),
    ]).finally(() => {
      runningSettled = true;
    });
    const controller = new AbortController();
    const queued = callTool(tool, { query: 'nothing 3' }, { signal: controller.signal });
    controller.abort();
    expect(await queued).toEqual({
      result: 'Error: WebSearch the request was cancelled',
      status: 'error',
    });
    expect(runningSettled).toBe(false);
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    gate = undefined;
    for (const response of held.splice(0)) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(noResultsPage());
    }
    expect((await running).map((envelope) => envelope.result)).toEqual([
      'No results found for "nothing 1".',
      'No results found for "nothing 2".',
    ]);
  });
});
