import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrieve } from './retrieve.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';

let server: LoopbackServer;
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    switch (request.url) {
      case '/ok':
        response.end('fine');
        return;
      case '/gzip':
        response.writeHead(200, { 'content-encoding': 'gzip' });
        response.end(gzipSync('zipped'));
        return;
      case '/bad-gzip':
        response.writeHead(200, { 'content-encoding': 'gzip' });
        response.end('garbage');
        return;
      case '/cut':
        response.writeHead(200, { 'content-length': 100 });
        response.write('part');
        setImmediate(() => response.socket?.destroy());
        return;
      case '/redirect':
        response.writeHead(302, { location: '/ok' });
        response.end();
        return;
      default:
        held.push(response);
    }
  });
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await server.close();
});

function count(kind: string): number {
  return process.getActiveResourcesInfo().filter((name) => name === kind).length;
}

// Client sockets are the process's TCP sockets minus those the test server holds.
function clientSockets(): number {
  return count('TCPSocketWrap') - server.openConnections();
}

describe('retrieve', () => {
  it.each(['/ok', '/gzip', '/bad-gzip', '/cut', '/redirect', '/never'])(
    'releases its socket and timer before delivering %s',
    async (path) => {
      const sockets = clientSockets();
      const timers = count('Timeout');
      const result = await retrieve({
        url: `${server.url}${path}`,
        headers: {},
        timeoutMs: 300,
        maxBytes: 1000,
        maxRedirects: 10,
        lookup: undefined,
        signal: undefined,
        decideRedirect: () => ({ action: 'follow' }),
      });
      // Server-side timers may end meanwhile; the retrieval must add none.
      expect({
        sockets: clientSockets(),
        timersAdded: Math.max(0, count('Timeout') - timers),
      }).toEqual({
        sockets,
        timersAdded: 0,
      });
      const summary = result.success
        ? {
            success: true,
            status: result.value.kind === 'response' ? result.value.response.status : 0,
          }
        : { success: false, code: result.error.code };
      expect(summary).toEqual(
        {
          '/ok': { success: true, status: 200 },
          '/gzip': { success: true, status: 200 },
          '/bad-gzip': { success: false, code: 'bad-response' },
          '/cut': { success: false, code: 'bad-response' },
          '/redirect': { success: true, status: 200 },
          '/never': { success: false, code: 'timed-out' },
        }[path],
      );
    },
  );

  it('returns invalid-url without a request when given a non-http URL', async () => {
    const result = await retrieve({
      url: 'ftp://example.com/',
      headers: {},
      timeoutMs: 300,
      maxBytes: 10,
      maxRedirects: 10,
      lookup: undefined,
      signal: undefined,
      decideRedirect: () => ({ action: 'follow' }),
    });
    expect(result.success ? 'ok' : result.error.code).toBe('invalid-url');
  });
});
