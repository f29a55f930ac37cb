import { defineTool, type HandlerEnvelope, type Tool, z } from '@toolcall/pipeline';
import { decodeBody } from './charset.js';
import { abortFailure, startDeadline } from './deadline.js';
import { normalizeDomain, passesDomainFilter, queryWithDomains } from './domain-filter.js';
import { parseDuckDuckGoPage } from './duckduckgo-parse.js';
import { lookupAllAddresses } from './pinned-lookup.js';
import type { HostLookup } from './private-address.js';
import { type Retrieval, retrieve } from './retrieve.js';
import { createSemaphore } from './semaphore.js';
import type { WebResult } from './web-error.js';
import { webSearchRenderer } from './web-renderers.js';

/** Options of `createWebSearchTool`. */
export interface WebSearchOptions {
  /** DuckDuckGo's HTML endpoint (default `https://html.duckduckgo.com/html/`); tests point it at loopback. */
  endpoint?: string;
  /** Timeout per search, redirects included (default 30,000 ms). */
  timeoutMs?: number;
  /** Searches running at once (default 2). */
  maxConcurrent?: number;
  /** Host name resolution (default: `dns.lookup`). */
  lookup?: HostLookup;
  /** The User-Agent header. */
  userAgent?: string;
}

// A type alias (not an interface) so the tool is assignable to the registry's Tool.
type SearchArgs = {
  query: string;
  allowed_domains?: string[] | undefined;
  blocked_domains?: string[] | undefined;
};

const MAX_RESULTS = 10;

function positive(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(
      `WebSearch option ${name}: expected a positive integer, received ${String(value)}`,
    );
  }
  return value;
}

/** Defines the WebSearch tool: DuckDuckGo HTML results, at most 10, numbered. */
export function createWebSearchTool(options: WebSearchOptions = {}): Tool<SearchArgs> {
  const given: WebSearchOptions = Object.assign(Object.create(null), options);
  const endpoint = new URL(given.endpoint ?? 'https://html.duckduckgo.com/html/');
  const endpointHost = endpoint.hostname.replace(/\.+$/, '');
  const timeoutMs = positive('timeoutMs', given.timeoutMs, 30_000);
  const semaphore = createSemaphore(positive('maxConcurrent', given.maxConcurrent, 2));
  const lookup = given.lookup ?? lookupAllAddresses;
  const userAgent = given.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) toolcall-websearch/1';

  async function search(args: SearchArgs, signal: AbortSignal): Promise<HandlerEnvelope> {
    const allowed = (args.allowed_domains ?? []).map(normalizeDomain).filter(Boolean);
    const blocked = (args.blocked_domains ?? []).map(normalizeDomain).filter(Boolean);
    if (allowed.length > 0 && blocked.length > 0) {
      return {
        result: 'Error: pass allowed_domains or blocked_domains, not both',
        status: 'error',
      };
    }
    if (args.query.trim() === '') return { result: 'Error: the query is empty', status: 'error' };
    const query = queryWithDomains(args.query.trim(), { allowed, blocked });
    const url = new URL(endpoint);
    url.searchParams.set('q', query);
    // The timeout runs from the call's start, so waiting for a slot counts against it, and
    // a cancelled or timed-out search leaves the queue at once.
    const deadline = startDeadline(timeoutMs, timeoutMs, signal);
    let retrieved: WebResult<Retrieval>;
    try {
      const slot = await semaphore.run(
        () =>
          retrieve({
            url: url.href,
            headers: {
              accept: 'text/html',
              'accept-encoding': 'gzip, deflate, br',
              'user-agent': userAgent,
            },
            timeoutMs,
            maxBytes: 5 * 1024 * 1024,
            maxRedirects: 10,
            lookup,
            signal: deadline.signal,
            decideRedirect: () => ({ action: 'follow' }),
          }),
        deadline.signal,
      );
      retrieved = slot.ran ? slot.value : abortFailure(deadline.signal);
    } finally {
      deadline.release();
    }
    if (!retrieved.success)
      return { result: `Error: WebSearch ${retrieved.error.message}`, status: 'error' };
    if (retrieved.value.kind !== 'response')
      return { result: 'Error: WebSearch redirect was not followed', status: 'error' };
    const { response, finalUrl } = retrieved.value;
    const html = decodeBody(response.body, {
      contentType: response.headers['content-type'],
      html: true,
    });
    const page = parseDuckDuckGoPage(html, finalUrl);
    if (page.kind === 'challenge') {
      return {
        result:
          'Error: DuckDuckGo answered with a bot challenge instead of results; try again later',
        status: 'error',
        renderData: { query: args.query, challenge: true },
      };
    }
    if (page.kind === 'unrecognised' || response.status !== 200) {
      return {
        result: `Error: DuckDuckGo returned an unrecognised page (HTTP ${response.status}, ${response.totalBytes} bytes)`,
        status: 'error',
      };
    }
    const results = page.results
      .filter((result) => passesDomainFilter(result.url, { allowed, blocked }))
      .slice(0, MAX_RESULTS);
    if (results.length === 0) {
      return {
        result: `No results found for ${JSON.stringify(args.query)}.`,
        renderData: { query: args.query, results: 0 },
      };
    }
    const lines = results.map((result, index) =>
      [
        `${index + 1}. ${result.title}`,
        `   ${result.url}`,
        ...(result.snippet ? [`   ${result.snippet}`] : []),
      ].join('\n'),
    );
    return {
      result: lines.join('\n\n'),
      renderData: { query: args.query, results: results.length },
    };
  }

  return defineTool({
    category: 'web',
    groups: ['web'],
    name: 'WebSearch',
    description:
      'Searches the web (DuckDuckGo) and returns up to 10 numbered results with title, URL and snippet. Optionally restrict to allowed_domains or exclude blocked_domains (not both).',
    // A search sends the query off the machine: like WebFetch it is a read (plan mode keeps
    // it) that asks outside full-auto unless a rule allows the endpoint's host, the domain
    // fact (`WebSearch(domain:html.duckduckgo.com)`). `destructive` is today's way to say
    // "ask by default"; the hints keep telling MCP clients it changes nothing.
    readOnly: true,
    destructive: true,
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
    permission: { domain: () => endpointHost },
    async: true,
    args: z.object({
      query: z.string().min(1).describe('The search query.'),
      allowed_domains: z
        .array(z.string())
        .optional()
        .describe('Only return results from these domains (and their subdomains).'),
      blocked_domains: z
        .array(z.string())
        .optional()
        .describe('Never return results from these domains (and their subdomains).'),
    }),
    renderer: webSearchRenderer,
    handler: (args, context) => search(args, context.signal),
  });
}
