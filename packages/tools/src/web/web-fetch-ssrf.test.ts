import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostLookup } from './private-address.js';
import { callTool } from './testing/call-tool.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';
import { createWebFetchTool } from './web-fetch-tool.js';

// Every spelling below names an address WebFetch must never connect to. The loopback ones
// name this test's server, which records every request: it must see none of them.
let server: LoopbackServer;
let port = 0;

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/to') {
      response.writeHead(302, { location: url.searchParams.get('url') ?? '/' });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('reached');
  });
  port = server.port;
});
afterAll(() => server.close());

// Names the injected resolver answers; any other name would be a test mistake.
const ANSWERS: Record<string, string[]> = {
  'origin.test': ['127.0.0.1'],
  'loop.test': ['127.0.0.1'],
  'loop6.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'intranet.test': ['10.1.1.1'],
  'home.test': ['192.168.1.20'],
  'meta.test': ['169.254.169.254'],
  'meta6.test': ['fd00:ec2::254'],
  'cgnat.test': ['100.64.1.1'],
  'linklocal6.test': ['fe80::2'],
  'zero.test': ['0.0.0.0'],
  'zero6.test': ['::'],
  'nat64.test': ['64:ff9b::a00:1'],
  'multicast.test': ['224.0.0.251'],
};
const lookups: string[] = [];
const lookup: HostLookup = async (host) => {
  lookups.push(host);
  const answer = ANSWERS[host];
  if (answer === undefined) throw new Error(`unexpected lookup of ${host}`);
  return answer;
};

type Case = readonly [url: string, refusal: string];

/** `[url, what the refusal says]`: `{P}` is the loopback server's port. */
const SPELLINGS: readonly Case[] = [
  // Loopback, every IPv4 spelling URL parsing turns into 127.0.0.1.
  ['http://127.0.0.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://2130706433:{P}/', '127.0.0.1 is a loopback address'],
  ['http://0x7f000001:{P}/', '127.0.0.1 is a loopback address'],
  ['http://0X7F000001:{P}/', '127.0.0.1 is a loopback address'],
  ['http://0x7f.0x0.0x0.0x1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://0177.0.0.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://0177.0000.0000.0001:{P}/', '127.0.0.1 is a loopback address'],
  ['http://017700000001:{P}/', '127.0.0.1 is a loopback address'],
  ['http://127.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://127.0.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://0x7f.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://127.000.000.001:{P}/', '127.0.0.1 is a loopback address'],
  ['http://127.0.0.1.:{P}/', '127.0.0.1 is a loopback address'],
  ['http://１２７.０.０.１:{P}/', '127.0.0.1 is a loopback address'],
  ['http://127.0.0.1。:{P}/', '127.0.0.1 is a loopback address'],
  ['http://%31%32%37.0.0.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://127.0.0.1%2e:{P}/', '127.0.0.1 is a loopback address'],
  ['http://127.0.0.\t1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://127.0.0.1:{P}\\@example.com/', '127.0.0.1 is a loopback address'],
  ['http://127.0.0.5:{P}/', '127.0.0.5 is a loopback address'],
  ['http://127.255.255.254:{P}/', '127.255.255.254 is a loopback address'],
  // Userinfo before the real host.
  ['http://example.com@127.0.0.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://user:secret@127.0.0.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://example.com:80@127.0.0.1:{P}/', '127.0.0.1 is a loopback address'],
  ['http://example.com%40@2130706433:{P}/', '127.0.0.1 is a loopback address'],
  // Loopback names, refused without a lookup.
  ['http://localhost:{P}/', 'localhost is a loopback address'],
  ['http://LOCALHOST:{P}/', 'localhost is a loopback address'],
  ['http://localhost.:{P}/', 'localhost is a loopback address'],
  ['http://localhost%2e:{P}/', 'localhost is a loopback address'],
  ['http://api.localhost:{P}/', 'api.localhost is a loopback address'],
  // IPv6 loopback and IPv6 forms of 127.0.0.1.
  ['http://[::1]:{P}/', '::1 is a loopback address'],
  ['http://[0:0:0:0:0:0:0:1]:{P}/', '::1 is a loopback address'],
  ['http://[::ffff:127.0.0.1]:{P}/', 'a form of 127.0.0.1, a loopback address'],
  ['http://[::ffff:7f00:1]:{P}/', 'a form of 127.0.0.1, a loopback address'],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]:{P}/', 'a form of 127.0.0.1, a loopback address'],
  ['http://[::127.0.0.1]:{P}/', 'a form of 127.0.0.1, a loopback address'],
  ['http://[::ffff:0:127.0.0.1]:{P}/', 'a form of 127.0.0.1, a loopback address'],
  ['http://[64:ff9b::127.0.0.1]:{P}/', 'a form of 127.0.0.1, a loopback address'],
  ['http://[2002:7f00:1::]:{P}/', 'a form of 127.0.0.1, a loopback address'],
  ['http://[2001::80ff:fffe]:{P}/', 'a form of 127.0.0.1, a loopback address'],
  // Unspecified: connecting to it reaches this machine.
  ['http://0:{P}/', '0.0.0.0 is an unspecified address'],
  ['http://0.0.0.0:{P}/', '0.0.0.0 is an unspecified address'],
  ['http://0x0:{P}/', '0.0.0.0 is an unspecified address'],
  ['http://0.0.0.7:{P}/', '0.0.0.7 is an unspecified address'],
  ['http://[::]:{P}/', ':: is an unspecified address'],
  ['http://[0:0:0:0:0:0:0:0]:{P}/', ':: is an unspecified address'],
  ['http://[::ffff:0.0.0.0]:{P}/', 'a form of 0.0.0.0, an unspecified address'],
  // Private networks.
  ['http://10.0.0.1/', '10.0.0.1 is a private address'],
  ['http://10.255.255.255/', '10.255.255.255 is a private address'],
  ['http://012.0.0.1/', '10.0.0.1 is a private address'],
  ['http://167772161/', '10.0.0.1 is a private address'],
  ['http://172.16.0.1/', '172.16.0.1 is a private address'],
  ['http://172.31.255.254/', '172.31.255.254 is a private address'],
  ['http://192.168.0.1/', '192.168.0.1 is a private address'],
  ['http://0xc0a80001/', '192.168.0.1 is a private address'],
  ['http://3232235521/', '192.168.0.1 is a private address'],
  ['http://192.168.1/', '192.168.0.1 is a private address'],
  ['http://[::ffff:10.0.0.1]/', 'a form of 10.0.0.1, a private address'],
  ['http://[::ffff:c0a8:1]/', 'a form of 192.168.0.1, a private address'],
  ['http://[64:ff9b::10.0.0.1]/', 'a form of 10.0.0.1, a private address'],
  ['http://[64:ff9b::c0a8:1]/', 'a form of 192.168.0.1, a private address'],
  ['http://[2002:c0a8:1::1]/', 'a form of 192.168.0.1, a private address'],
  ['http://[64:ff9b:1::a00:1]/', '64:ff9b:1::a00:1 is a local-use NAT64 address'],
  ['http://[fd12:3456::1]/', 'fd12:3456::1 is a unique-local address'],
  ['http://[fc00::1]/', 'fc00::1 is a unique-local address'],
  ['http://[fec0::1]/', 'fec0::1 is a site-local address'],
  ['http://db.internal/', 'db.internal is a private address'],
  // Link-local.
  ['http://169.254.0.1/', '169.254.0.1 is a link-local address'],
  ['http://[fe80::1]/', 'fe80::1 is a link-local address'],
  ['http://[::ffff:169.254.1.1]/', 'a form of 169.254.1.1, a link-local address'],
  // Cloud metadata, every spelling.
  ['http://169.254.169.254/', '169.254.169.254 is a cloud metadata address'],
  ['http://2852039166/', '169.254.169.254 is a cloud metadata address'],
  ['http://0xa9fea9fe/', '169.254.169.254 is a cloud metadata address'],
  ['http://0251.0376.0251.0376/', '169.254.169.254 is a cloud metadata address'],
  ['http://169.254.43518/', '169.254.169.254 is a cloud metadata address'],
  ['http://169.254.169.254./latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
  ['http://user@169.254.169.254/', '169.254.169.254 is a cloud metadata address'],
  ['http://[::ffff:169.254.169.254]/', 'a form of 169.254.169.254, a cloud metadata address'],
  ['http://[::ffff:a9fe:a9fe]/', 'a form of 169.254.169.254, a cloud metadata address'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'a form of 169.254.169.254, a cloud metadata address'],
  ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
  ['http://169.254.170.2/v2/credentials', '169.254.170.2 is a cloud metadata address'],
  ['http://100.100.100.200/', '100.100.100.200 is a cloud metadata address'],
  ['http://metadata.google.internal/', 'metadata.google.internal is a cloud metadata address'],
  ['http://METADATA.google.internal./', 'metadata.google.internal is a cloud metadata address'],
  ['http://metadata.goog/', 'metadata.goog is a cloud metadata address'],
  ['http://metadata/', 'metadata is a cloud metadata address'],
  ['http://instance-data/', 'instance-data is a cloud metadata address'],
  // Carrier-grade NAT, multicast, broadcast and the other reserved ranges.
  ['http://100.64.0.1/', '100.64.0.1 is a carrier-grade NAT address'],
  ['http://100.127.255.254/', '100.127.255.254 is a carrier-grade NAT address'],
  ['http://224.0.0.1/', '224.0.0.1 is a multicast address'],
  ['http://239.255.255.250/', '239.255.255.250 is a multicast address'],
  ['http://[ff02::1]/', 'ff02::1 is a multicast address'],
  ['http://[ff05::1:3]/', 'ff05::1:3 is a multicast address'],
  ['http://255.255.255.255/', '255.255.255.255 is a broadcast address'],
  ['http://4294967295/', '255.255.255.255 is a broadcast address'],
  ['http://240.0.0.1/', '240.0.0.1 is a reserved address'],
  ['http://198.18.0.1/', '198.18.0.1 is a benchmarking address'],
  ['http://192.0.0.170/', '192.0.0.170 is an IETF protocol address'],
  ['http://192.0.2.1/', '192.0.2.1 is a documentation address'],
  ['http://[2001:db8::1]/', '2001:db8::1 is a documentation address'],
  ['http://[100::1]/', '100::1 is a discard-only address'],
  // Names: judged by every address the (injected) resolver answers.
  ['http://loop.test:{P}/', 'loop.test resolves to 127.0.0.1, a loopback address'],
  ['http://loop.test.:{P}/', 'loop.test resolves to 127.0.0.1, a loopback address'],
  ['http://loop6.test:{P}/', 'loop6.test resolves to ::1, a loopback address'],
  [
    'http://mapped.test:{P}/',
    'mapped.test resolves to ::ffff:127.0.0.1, a form of 127.0.0.1, a loopback address',
  ],
  ['http://mixed.test:{P}/', 'mixed.test resolves to 127.0.0.1, a loopback address'],
  ['http://intranet.test/', 'intranet.test resolves to 10.1.1.1, a private address'],
  ['http://home.test/', 'home.test resolves to 192.168.1.20, a private address'],
  ['http://meta.test/', 'meta.test resolves to 169.254.169.254, a cloud metadata address'],
  ['http://meta6.test/', 'meta6.test resolves to fd00:ec2::254, a cloud metadata address'],
  ['http://cgnat.test/', 'cgnat.test resolves to 100.64.1.1, a carrier-grade NAT address'],
  ['http://linklocal6.test/', 'linklocal6.test resolves to fe80::2, a link-local address'],
  ['http://zero.test:{P}/', 'zero.test resolves to 0.0.0.0, an unspecified address'],
  ['http://zero6.test:{P}/', 'zero6.test resolves to ::, an unspecified address'],
  [
    'http://nat64.test/',
    'nat64.test resolves to 64:ff9b::a00:1, a form of 10.0.0.1, a private address',
  ],
  ['http://multicast.test/', 'multicast.test resolves to 224.0.0.251, a multicast address'],
];

const withPort = (url: string) => url.replaceAll('{P}', String(port));
/** The host as the refusal names it: URL parsing's spelling, without brackets or final dots. */
const hostOf = (url: string) =>
  new URL(withPort(url)).hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
/** An IPv6 form of IPv4 is named by its own canonical spelling first. */
const expected = (url: string, refusal: string) =>
  `${refusal.startsWith('a form of') ? `${hostOf(url)} is ` : ''}${refusal}; only a permission rule naming exactly ${hostOf(url)} admits it`;

describe('WebFetch refuses addresses that are not public', () => {
  it('holds at least sixty spellings', () => {
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(SPELLINGS)('refuses %s, naming the address class', async (url, refusal) => {
    const tool = createWebFetchTool({ lookup, timeoutMs: 5_000 });
    const href = new URL(withPort(url)).href;
    expect(await callTool(tool, { url: withPort(url) })).toEqual({
      result: `Error: refused ${href}: ${expected(url, refusal)}`,
      status: 'error',
    });
    expect(server.requests).toEqual([]);
  });

  it('fetches a private host only when it is named exactly, in its canonical form', async () => {
    const named = createWebFetchTool({ lookup, allowPrivateHosts: ['127.0.0.1'] });
    expect((await callTool(named, { url: `http://2130706433:${port}/` })).result).toBe('reached');
    expect((await callTool(named, { url: `http://0x7f.1:${port}/` })).result).toBe('reached');
    // Other names of the same machine are other hosts.
    for (const other of ['localhost', '[::ffff:127.0.0.1]', 'loop.test', '127.0.0.2']) {
      expect((await callTool(named, { url: `http://${other}:${port}/` })).result).toMatch(
        /^Error: refused /,
      );
    }
    const byName = createWebFetchTool({
      lookup,
      allowPrivateHosts: (host) => host === 'loop.test',
    });
    expect((await callTool(byName, { url: `http://LOOP.test.:${port}/` })).result).toBe('reached');
    expect(server.requests).toHaveLength(3);
    server.requests.length = 0;
  });

  it('throws a TypeError naming allowPrivateHosts when it is neither a list nor a function', () => {
    expect(() => createWebFetchTool({ allowPrivateHosts: 'localhost' as never })).toThrow(
      'WebFetch option allowPrivateHosts: expected an array of host names or a function, received string',
    );
  });
});

/** Redirect targets, one or more per class; `{P}` is the loopback server's port. */
const REDIRECT_TARGETS: readonly Case[] = [
  ['http://127.0.0.1:{P}/hit', '127.0.0.1 is a loopback address'],
  ['http://2130706433:{P}/hit', '127.0.0.1 is a loopback address'],
  ['http://example.com@0x7f.1:{P}/hit', '127.0.0.1 is a loopback address'],
  ['http://localhost:{P}/hit', 'localhost is a loopback address'],
  ['http://[::1]:{P}/hit', '::1 is a loopback address'],
  ['http://[::ffff:127.0.0.1]:{P}/hit', 'a form of 127.0.0.1, a loopback address'],
  ['http://loop.test:{P}/hit', 'loop.test resolves to 127.0.0.1, a loopback address'],
  ['http://0.0.0.0:{P}/hit', '0.0.0.0 is an unspecified address'],
  ['http://[::]:{P}/hit', ':: is an unspecified address'],
  ['http://10.0.0.1/hit', '10.0.0.1 is a private address'],
  ['http://intranet.test/hit', 'intranet.test resolves to 10.1.1.1, a private address'],
  ['http://[fd12::1]/hit', 'fd12::1 is a unique-local address'],
  ['http://169.254.0.1/hit', '169.254.0.1 is a link-local address'],
  ['http://[fe80::1]/hit', 'fe80::1 is a link-local address'],
  ['http://169.254.169.254/hit', '169.254.169.254 is a cloud metadata address'],
  ['http://metadata.google.internal/hit', 'metadata.google.internal is a cloud metadata address'],
  ['http://[fd00:ec2::254]/hit', 'fd00:ec2::254 is a cloud metadata address'],
  ['http://100.64.0.1/hit', '100.64.0.1 is a carrier-grade NAT address'],
  ['http://224.0.0.1/hit', '224.0.0.1 is a multicast address'],
  ['http://[64:ff9b::a00:1]/hit', 'a form of 10.0.0.1, a private address'],
];

describe('WebFetch refuses every redirect hop to an address that is not public', () => {
  it.each(REDIRECT_TARGETS)('refuses a redirect to %s', async (target, refusal) => {
    // The origin is a named private host (the test server); every decision would follow.
    const tool = createWebFetchTool({
      lookup,
      allowPrivateHosts: ['origin.test'],
      decideNow: () => ({ decision: 'allow', reason: 'allowed' }),
      timeoutMs: 5_000,
    });
    const url = `http://origin.test:${port}/to?url=${encodeURIComponent(withPort(target))}`;
    const href = new URL(withPort(target)).href;
    expect(await callTool(tool, { url })).toEqual({
      result: `Error: refused the redirect from ${url} to ${href}: ${expected(target, refusal)}`,
      status: 'error',
    });
    expect(server.requests.map((request) => request.url)).toEqual([
      `/to?url=${encodeURIComponent(withPort(target))}`,
    ]);
    server.requests.length = 0;
  });
});
