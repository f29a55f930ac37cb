import type { IncomingMessage, ServerResponse } from 'node:http';
import { createPipeline, type PermissionRule, type PermissionVerdict } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateHostsAllowedByRules } from './destination-guard.js';
import { callTool } from './testing/call-tool.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';
import type { WebFetchOptions } from './web-fetch-options.js';
import { createWebFetchTool } from './web-fetch-tool.js';

let server: LoopbackServer;

function route(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
  const location =
    chain !== null
      ? Number(chain[1]) > 1
        ? `/chain/${Number(chain[1]) - 1}`
        : '/page'
      : url.pathname === '/to'
        ? url.searchParams.get('url')
        : url.pathname === '/loop'
          ? '/loop'
          : null;
  if (location !== null) {
    // Alternate the redirect kinds along a chain.
    const statuses = [301, 302, 303, 307, 308];
    response.writeHead(statuses[Number(chain?.[1] ?? 1) % statuses.length] ?? 302, { location });
    response.end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end(`page on ${request.headers.host} with ${request.headers.accept}`);
}

beforeAll(async () => {
  server = await startLoopbackServer(route);
});
afterAll(() => server.close());

const hosts: Record<string, string[]> = {
  'other.test': ['127.0.0.1'],
  localhost: ['127.0.0.1'],
  'intranet.test': ['10.0.0.7'],
  'mixed.test': ['93.184.216.34', 'fd00::1'],
};
const lookup = async (host: string) => hosts[host] ?? ['127.0.0.1'];
// The test server's names: private hosts the tool reaches only because they are named.
const allowPrivateHosts = ['127.0.0.1', '127.0.0.2', 'localhost', 'other.test'];
const ACCEPT =
  'text/markdown, text/html;q=0.9, application/xhtml+xml;q=0.9, text/plain;q=0.8, */*;q=0.5';

function decide(decision: PermissionVerdict['decision']): WebFetchOptions['decideNow'] {
  return () => ({ decision, reason: `rule says ${decision}` });
}

function fetchVia(target: string, options: WebFetchOptions = {}) {
  const tool = createWebFetchTool({ lookup, allowPrivateHosts, timeoutMs: 10_000, ...options });
  return callTool(tool, { url: `${server.url}/to?url=${encodeURIComponent(target)}` });
}

describe('WebFetch redirects', () => {
  it('follows a same-host chain, repeating the headers, and names the final URL first', async () => {
    const tool = createWebFetchTool({ lookup, allowPrivateHosts });
    const { result } = await callTool(tool, { url: `${server.url}/chain/5` });
    expect(result).toBe(
      `Final URL: ${server.url}/page\n\npage on 127.0.0.1:${server.port} with ${ACCEPT}`,
    );
  });

  it('returns an error after ten redirects', async () => {
    const tool = createWebFetchTool({ lookup, allowPrivateHosts });
    expect((await callTool(tool, { url: `${server.url}/loop` })).result).toBe(
      'Error: more than 10 redirects (last to /loop)',
    );
    expect((await callTool(tool, { url: `${server.url}/chain/10` })).result).toMatch(
      /^Final URL: /,
    );
  });

  it('refuses a redirect to a scheme other than http or https', async () => {
    expect((await fetchVia('file:///etc/passwd')).result).toBe(
      'Error: redirect refused: unsupported URL scheme file: in file:///etc/passwd (only http and https)',
    );
  });

  it('follows a cross-host redirect when decideNow allows it without a prompt', async () => {
    const target = `http://other.test:${server.port}/page`;
    expect((await fetchVia(target, { decideNow: decide('allow') })).result).toBe(
      `Final URL: ${target}\n\npage on other.test:${server.port} with ${ACCEPT}`,
    );
  });

  it('returns an error when decideNow denies the other host', async () => {
    const target = `http://127.0.0.2:${server.port}/page`;
    expect(await fetchVia(target, { decideNow: decide('deny') })).toEqual({
      result: `Error: redirect to ${target} was denied: rule says deny`,
      status: 'error',
    });
  });

  it('returns a REDIRECT result when decideNow would ask, or is not given', async () => {
    const target = `http://localhost:${server.port}/page`;
    const expected = {
      result: `REDIRECT: ${target}\n${server.url}/to?url=${encodeURIComponent(target)} redirected (HTTP 302) to another host. To continue, call WebFetch with the URL above.`,
      renderData: {
        requestedHost: `127.0.0.1:${server.port}`,
        finalHost: `localhost:${server.port}`,
        status: 302,
        redirect: true,
      },
    };
    expect(await fetchVia(target, { decideNow: decide('ask') })).toEqual(expected);
    expect(await fetchVia(target)).toEqual(expected);
  });

  it('returns a REDIRECT result for a public origin redirecting to a named private host, even when allowed', async () => {
    const targets = ['10.1.2.3', 'intranet.test', 'mixed.test', '[fe80::1]'];
    const options = {
      decideNow: decide('allow'),
      treatLoopbackAsPublic: true,
      allowPrivateHosts: targets,
    };
    for (const host of targets) {
      const target = `http://${host}/x`;
      expect((await fetchVia(target, options)).result).toMatch(
        new RegExp(`^REDIRECT: ${target.replace(/[[\].?/]/g, '\\$&')}\n`),
      );
    }
  });

  it('refuses a redirect to a private host no rule names, whatever the permission decision', async () => {
    const options = { decideNow: decide('allow'), treatLoopbackAsPublic: true };
    const refused = [
      ['10.1.2.3', '10.1.2.3 is a private address'],
      ['intranet.test', 'intranet.test resolves to 10.0.0.7, a private address'],
      ['mixed.test', 'mixed.test resolves to fd00::1, a unique-local address'],
      ['[fe80::1]', 'fe80::1 is a link-local address'],
    ];
    for (const [host, why] of refused) {
      const target = `http://${host}/x`;
      const from = `${server.url}/to?url=${encodeURIComponent(target)}`;
      expect(await fetchVia(target, options)).toEqual({
        result: `Error: refused the redirect from ${from} to ${target}: ${why}; only a permission rule naming exactly ${host?.replace(/[[\]]/g, '')} admits it`,
        status: 'error',
      });
    }
  });

  it('follows private-to-private redirects by the permission decision alone', async () => {
    const target = `http://localhost:${server.port}/page`;
    expect((await fetchVia(target, { decideNow: decide('allow') })).result).toBe(
      `Final URL: ${target}\n\npage on localhost:${server.port} with ${ACCEPT}`,
    );
  });

  it('decides redirects with a real pipeline through decideNow', async () => {
    let decideNow: WebFetchOptions['decideNow'];
    let rules: () => readonly PermissionRule[] = () => [];
    const tool = createWebFetchTool({
      lookup,
      decideNow: (request) => decideNow?.(request) ?? { decision: 'ask', reason: '' },
      // The wiring a tool set uses: exact allow rules admit private hosts; the test also names
      // the two loopback hosts it redirects to, so their permission decisions show.
      allowPrivateHosts: (host) =>
        ['localhost', '127.0.0.2'].includes(host) || privateHostsAllowedByRules(rules)(host),
    });
    const pipeline = createPipeline({
      tools: [tool],
      mode: 'ask',
      rules: [
        { tool: 'WebFetch', domain: '127.0.0.1', action: 'allow' },
        { tool: 'WebFetch', domain: 'other.test', action: 'allow' },
        { tool: 'WebFetch', domain: '127.0.0.2', action: 'deny' },
        { tool: 'WebFetch', domain: 'localhost', action: 'ask' },
      ],
    });
    decideNow = (request) => pipeline.decideNow(request);
    rules = () => pipeline.rules();
    let calls = 0;
    const run = async (target: string) => {
      calls += 1;
      const url = `${server.url}/to?url=${encodeURIComponent(target)}`;
      return (
        await pipeline.runTool({ name: 'WebFetch', input: { url }, toolUseId: `toolu_${calls}` })
          .outcome
      ).result;
    };
    expect(await run(`http://other.test:${server.port}/page`)).toBe(
      `Final URL: http://other.test:${server.port}/page\n\npage on other.test:${server.port} with ${ACCEPT}`,
    );
    expect(await run(`http://localhost:${server.port}/page`)).toMatch(
      /^REDIRECT: http:\/\/localhost:/,
    );
    expect(await run(`http://127.0.0.2:${server.port}/page`)).toMatch(
      /^Error: redirect to http:\/\/127\.0\.0\.2:\d+\/page was denied/,
    );
    // A host no rule allows is refused before any decision: `ask.test` resolves to loopback.
    expect(await run(`http://ask.test:${server.port}/page`)).toMatch(
      /^Error: refused the redirect from .* ask\.test resolves to 127\.0\.0\.1, a loopback address;/,
    );
  });

  it('ends at the configured timeout while a redirect target is still being resolved', async () => {
    // The target's name never resolves: neither the private-host check nor the socket ends.
    const stalled = async (host: string) =>
      host === 'stalled.test' ? new Promise<string[]>(() => {}) : lookup(host);
    const target = `http://stalled.test:${server.port}/page`;
    const url = `${server.url}/to?url=${encodeURIComponent(target)}`;
    const tool = createWebFetchTool({
      lookup: stalled,
      decideNow: decide('allow'),
      allowPrivateHosts,
      timeoutMs: 300,
    });
    expect(await callTool(tool, { url })).toEqual({
      result: `Error: WebFetch of ${url} timed out after 0.3 s`,
      status: 'error',
    });
    const first = `http://stalled.test:${server.port}/page`;
    expect(await callTool(tool, { url: first })).toEqual({
      result: `Error: WebFetch of ${first} timed out after 0.3 s`,
      status: 'error',
    });
  });
});
