import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinLookup } from './pinned-lookup.js';
import type { HostLookup } from './private-address.js';
import { callTool } from './testing/call-tool.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';
import { createWebFetchTool } from './web-fetch-tool.js';

// Server A on 127.0.0.1 redirects and serves pages; server B listens on 127.0.0.2 at the
// same port, standing in for the address a second, rebound DNS answer would name.
let serverA: LoopbackServer;
let serverB: Server;
const requestsToB: string[] = [];

beforeAll(async () => {
  serverA = await startLoopbackServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/to') {
      response.writeHead(302, { location: url.searchParams.get('url') ?? '/' });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(`A served ${request.headers.host}`);
  });
  serverB = createServer((request, response) => {
    requestsToB.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('B served');
  });
  await new Promise<void>((resolve, reject) => {
    serverB.once('error', reject);
    serverB.listen(serverA.port, '127.0.0.2', resolve);
  });
});
afterAll(async () => {
  await new Promise((resolve) => serverB.close(resolve));
  await serverA.close();
});

/** A resolver whose answers for one name change from call to call, counting the calls. */
function rebindingLookup(name: string, answers: readonly (readonly string[])[]) {
  const calls: string[] = [];
  const lookup: HostLookup = async (host) => {
    calls.push(host);
    if (host !== name) return ['127.0.0.1'];
    const index = calls.filter((called) => called === name).length - 1;
    return answers[Math.min(index, answers.length - 1)] ?? [];
  };
  return { lookup, calls };
}

const allow = () => ({ decision: 'allow' as const, reason: 'allowed' });

describe('WebFetch DNS pinning', () => {
  it('connects a redirect target only to the address its check resolved', async () => {
    // 127.0.0.1 is the public answer here; the rebound second answer names 127.0.0.2.
    const { lookup, calls } = rebindingLookup('rebind.test', [['127.0.0.1'], ['127.0.0.2']]);
    const tool = createWebFetchTool({ lookup, decideNow: allow, treatLoopbackAsPublic: true });
    const target = `http://rebind.test:${serverA.port}/page`;
    const { result } = await callTool(tool, {
      url: `${serverA.url}/to?url=${encodeURIComponent(target)}`,
    });
    expect(result).toBe(`Final URL: ${target}\n\nA served rebind.test:${serverA.port}`);
    expect(calls.filter((host) => host === 'rebind.test')).toHaveLength(1);
    expect(requestsToB).toEqual([]);
  });

  it('connects a requested host only to its first answer', async () => {
    const { lookup, calls } = rebindingLookup('direct.test', [['127.0.0.1'], ['127.0.0.2']]);
    const tool = createWebFetchTool({ lookup, treatLoopbackAsPublic: true });
    const { result } = await callTool(tool, { url: `http://direct.test:${serverA.port}/page` });
    expect(result).toBe(`A served direct.test:${serverA.port}`);
    expect(calls).toEqual(['direct.test']);
    expect(requestsToB).toEqual([]);
  });

  it('refuses a redirect to a name whose checked answer is private, resolving it once', async () => {
    const { lookup, calls } = rebindingLookup('inside.test', [['10.0.0.7'], ['127.0.0.1']]);
    const tool = createWebFetchTool({ lookup, decideNow: allow, treatLoopbackAsPublic: true });
    const target = `http://inside.test:${serverA.port}/page`;
    const url = `${serverA.url}/to?url=${encodeURIComponent(target)}`;
    expect(await callTool(tool, { url })).toEqual({
      result: `Error: refused the redirect from ${url} to ${target}: inside.test resolves to 10.0.0.7, a private address; only a permission rule naming exactly inside.test admits it`,
      status: 'error',
    });
    expect(calls).toEqual(['inside.test']);
  });

  it('keeps a same-host hop on the checked answer when the name rebinds to a private address', async () => {
    // Same host: followed without a decision; a second lookup would name 10.0.0.1.
    const { lookup, calls } = rebindingLookup('same.test', [['127.0.0.1'], ['10.0.0.1']]);
    const tool = createWebFetchTool({ lookup, treatLoopbackAsPublic: true });
    const target = `http://same.test:${serverA.port}/page`;
    const { result } = await callTool(tool, {
      url: `http://same.test:${serverA.port}/to?url=${encodeURIComponent(target)}`,
    });
    expect(result).toBe(`Final URL: ${target}\n\nA served same.test:${serverA.port}`);
    expect(calls).toEqual(['same.test']);
  });

  it("refuses a name by each call's own answer and never connects", async () => {
    const before = serverA.requests.length;
    const { lookup, calls } = rebindingLookup('flip.test', [['127.0.0.1'], ['10.0.0.1']]);
    const tool = createWebFetchTool({ lookup });
    const url = `http://flip.test:${serverA.port}/page`;
    const refusal = (address: string, kind: string) =>
      `Error: refused ${url}: flip.test resolves to ${address}, a ${kind} address; only a permission rule naming exactly flip.test admits it`;
    expect((await callTool(tool, { url })).result).toBe(refusal('127.0.0.1', 'loopback'));
    expect((await callTool(tool, { url })).result).toBe(refusal('10.0.0.1', 'private'));
    // One lookup per call (each call pins its own), and the loopback server was never hit.
    expect(calls).toEqual(['flip.test', 'flip.test']);
    expect(serverA.requests.length).toBe(before);
  });

  it('judges the origin by the address its response came from, not by its other answers', async () => {
    // The origin also resolves to a private address, but the response came from the public one.
    const hosts: Record<string, string[]> = {
      'origin.test': ['127.0.0.1', '10.0.0.9'],
      'intranet.test': ['10.0.0.7'],
    };
    const tool = createWebFetchTool({
      lookup: async (host) => hosts[host] ?? [],
      decideNow: allow,
      treatLoopbackAsPublic: true,
      // Both names resolve to private addresses: only naming them lets the fetch start.
      allowPrivateHosts: ['origin.test', 'intranet.test'],
    });
    const target = 'http://intranet.test/x';
    const { result } = await callTool(tool, {
      url: `http://origin.test:${serverA.port}/to?url=${encodeURIComponent(target)}`,
    });
    expect(result).toMatch(/^REDIRECT: http:\/\/intranet\.test\/x\n/);
  });
});

describe('pinLookup', () => {
  it('resolves each name once, sharing the answer between concurrent askers', async () => {
    const { lookup, calls } = rebindingLookup('a.test', [['93.184.216.34'], ['127.0.0.1']]);
    const pinned = pinLookup(lookup);
    const answers = await Promise.all([pinned('a.test'), pinned('A.TEST'), pinned('a.test')]);
    expect(answers).toEqual([['93.184.216.34'], ['93.184.216.34'], ['93.184.216.34']]);
    expect(calls).toEqual(['a.test']);
  });

  it('keeps a failed answer instead of asking again', async () => {
    let calls = 0;
    const pinned = pinLookup(async () => {
      calls += 1;
      if (calls === 1) throw new Error('SERVFAIL');
      return ['127.0.0.1'];
    });
    await expect(pinned('b.test')).rejects.toThrow('SERVFAIL');
    await expect(pinned('b.test')).rejects.toThrow('SERVFAIL');
    expect(calls).toBe(1);
  });
});
