import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from './testing/call-tool.js';
import { minimalPdf, tinyPng } from './testing/fixtures.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';
import type { WebFetchOptions } from './web-fetch-options.js';
import { createWebFetchTool } from './web-fetch-tool.js';

let server: LoopbackServer;
const held: ServerResponse[] = [];
const PAGE = '<html><body><h1>Hi</h1><p>See <a href="/docs (1)">docs</a>.</p></body></html>';
// Untyped bodies and what sniffing must make of them.
const UNTYPED: Record<string, string> = {
  script: '<script>var a = 1;</script><p>Scripted</p>',
  meta: '\uFEFF  <meta charset="utf-8"><title>T</title><p>Meta first</p>',
  heading: '<!-- generated -->\n<h1>Title</h1>',
  table: '<table><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table>',
  link: '<a href="/x">Linked</a>',
  bold: '<b>Bold</b> start',
  xhtml:
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>XHTML</p></body></html>',
  xml: '<?xml version="1.0"?>\n<p>not html</p>',
  text: 'Plain <b>text</b> that only mentions tags',
  markup: '<paragraph>custom markup</paragraph>',
};

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  body: Buffer | string,
) {
  response.writeHead(status, headers);
  response.end(body);
}

function route(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  const chain = /^\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const n = Number(chain[1]);
    send(response, 301 + (n % 2) * 6, { location: n > 1 ? `/chain/${n - 1}` : '/html' }, '');
    return;
  }
  switch (path) {
    case '/html':
      send(response, 200, { 'content-type': 'text/html; charset=utf-8' }, PAGE);
      return;
    case '/to':
      send(response, 302, { location: url.searchParams.get('url') ?? '/' }, '');
      return;
    case '/loop':
      send(response, 302, { location: '/loop' }, '');
      return;
    case '/latin1':
      send(
        response,
        200,
        { 'content-type': 'text/html; charset=windows-1252' },
        Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]),
      );
      return;
    case '/sjis': {
      const head = Buffer.from('<html><head><meta charset="shift_jis"></head><body><p>', 'latin1');
      send(
        response,
        200,
        { 'content-type': 'text/html' },
        Buffer.concat([
          head,
          Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]),
          Buffer.from('</p>'),
        ]),
      );
      return;
    }
    case '/utf8':
      send(response, 200, { 'content-type': 'text/html' }, Buffer.from('<p>naïve</p>', 'utf8'));
      return;
    case '/gzip':
      send(
        response,
        200,
        { 'content-type': 'text/html', 'content-encoding': 'gzip' },
        gzipSync(PAGE),
      );
      return;
    case '/br':
      send(
        response,
        200,
        { 'content-type': 'text/plain', 'content-encoding': 'br' },
        brotliCompressSync('brotli text'),
      );
      return;
    case '/deflate':
      send(
        response,
        200,
        { 'content-type': 'text/plain', 'content-encoding': 'deflate' },
        deflateSync('zlib deflate'),
      );
      return;
    case '/raw-deflate':
      send(
        response,
        200,
        { 'content-type': 'text/plain', 'content-encoding': 'deflate' },
        deflateRawSync('raw deflate'),
      );
      return;
    case '/bad-gzip':
      send(
        response,
        200,
        { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
        Buffer.from('not gzip at all'),
      );
      return;
    case '/truncated':
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': 1000 });
      response.write('only a little');
      setImmediate(() => response.socket?.destroy());
      return;
    case '/slow':
      held.push(response);
      return;
    case '/markdown':
      send(
        response,
        200,
        { 'content-type': 'text/markdown' },
        `# Accept\n\n${request.headers.accept}`,
      );
      return;
    case '/json':
      send(response, 200, { 'content-type': 'application/problem+json' }, '{"a": [1, 2]}');
      return;
    case '/big':
      send(response, 200, { 'content-type': 'text/plain' }, 'x'.repeat(5000));
      return;
    case '/png':
      send(response, 200, { 'content-type': 'image/png' }, tinyPng());
      return;
    case '/fake-png':
      send(response, 200, { 'content-type': 'image/png' }, Buffer.from('GIF89a nope'));
      return;
    case '/report.pdf':
      send(response, 200, { 'content-type': 'application/pdf' }, minimalPdf('Hello PDF'));
      return;
    case '/untyped-pdf':
      send(response, 200, {}, minimalPdf('Sniffed'));
      return;
    case '/untyped-html':
      send(response, 200, {}, '<!DOCTYPE html><p>sniffed <b>html</b></p>');
      return;
    case '/untyped': {
      const body = UNTYPED[url.searchParams.get('body') ?? ''] ?? '';
      response.writeHead(200);
      response.end(Buffer.from(body, 'utf8'));
      return;
    }
    case '/untyped-binary':
      send(response, 200, {}, Buffer.from([1, 2, 0, 3]));
      return;
    case '/empty':
      send(response, 200, { 'content-type': 'text/plain' }, '');
      return;
    case '/zip':
      send(response, 200, { 'content-type': 'application/zip' }, Buffer.alloc(1234));
      return;
    default:
      send(response, 404, { 'content-type': 'text/plain' }, 'no such page');
      return;
  }
}

beforeAll(async () => {
  server = await startLoopbackServer(route);
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await server.close();
});

const lookup = async (host: string) =>
  ({ 'other.test': ['127.0.0.1'], 'private.test': ['10.0.0.7'], localhost: ['127.0.0.1'] })[
    host
  ] ?? ['127.0.0.1'];

function fetchWith(path: string, options: WebFetchOptions = {}) {
  const tool = createWebFetchTool({ lookup, timeoutMs: 10_000, ...options });
  return callTool(tool, { url: path.includes('://') ? path : `${server.url}${path}` });
}

describe('WebFetch content', () => {
  it('returns Markdown with links resolved against the final URL when given HTML', async () => {
    expect(await fetchWith('/html')).toEqual({
      result: `# Hi\n\nSee [docs](${server.url}/docs%20%281%29).`,
      renderData: {
        requestedHost: `127.0.0.1:${server.port}`,
        finalHost: `127.0.0.1:${server.port}`,
        status: 200,
        contentType: 'text/html',
        bytes: PAGE.length,
      },
    });
  });

  it('returns text asked for as Markdown first, verbatim', async () => {
    expect((await fetchWith('/markdown')).result).toBe(
      '# Accept\n\ntext/markdown, text/html;q=0.9, application/xhtml+xml;q=0.9, text/plain;q=0.8, */*;q=0.5',
    );
    expect((await fetchWith('/json')).result).toBe('{"a": [1, 2]}');
  });

  it('decodes by header charset, then meta charset, then UTF-8', async () => {
    expect((await fetchWith('/latin1')).result).toBe('café €');
    expect((await fetchWith('/sjis')).result).toBe('日本語');
    expect((await fetchWith('/utf8')).result).toBe('naïve');
  });

  it('returns decoded bodies when the server compresses with gzip, br or deflate', async () => {
    expect((await fetchWith('/gzip')).result).toBe(
      `# Hi\n\nSee [docs](${server.url}/docs%20%281%29).`,
    );
    expect((await fetchWith('/br')).result).toBe('brotli text');
    expect((await fetchWith('/deflate')).result).toBe('zlib deflate');
    expect((await fetchWith('/raw-deflate')).result).toBe('raw deflate');
  });

  it('returns an error, not a crash, when the body is malformed or cut off', async () => {
    expect((await fetchWith('/bad-gzip')).result).toMatch(
      /^Error: malformed gzip body from 127\.0\.0\.1:\d+: /,
    );
    expect((await fetchWith('/truncated')).result).toMatch(
      /^Error: the response from 127\.0\.0\.1:\d+ was cut off/,
    );
  });

  it('cuts a body over the limit and states the exact size', async () => {
    const { result } = await fetchWith('/big', { maxBodyBytes: 100 });
    expect(result).toBe(`${'x'.repeat(100)}\n[Response cut at 100 bytes of 5,000 bytes]`);
  });

  it('returns an explicit timeout error when the server never answers', async () => {
    expect(await fetchWith('/slow', { timeoutMs: 300 })).toEqual({
      result: `Error: WebFetch of ${server.url}/slow timed out after 0.3 s`,
      status: 'error',
    });
  });

  it('returns a cancelled error when the call is aborted', async () => {
    const controller = new AbortController();
    const tool = createWebFetchTool({ lookup });
    const pending = callTool(tool, { url: `${server.url}/slow` }, { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ result: 'Error: the request was cancelled', status: 'error' });
  });

  it('attaches a valid PNG as media with a one-line summary', async () => {
    const envelope = await fetchWith('/png');
    expect(envelope.result).toBe('Image: image/png 1x1, 69 bytes');
    expect(envelope.media).toEqual([{ mimeType: 'image/png', data: new Uint8Array(tinyPng()) }]);
  });

  it('returns an error when image bytes contradict the type or the model refuses images', async () => {
    expect((await fetchWith('/fake-png')).result).toMatch(
      /^Error: image\/png response of 11 bytes is not a valid image: /,
    );
    expect((await fetchWith('/png', { acceptsMedia: () => false })).result).toBe(
      'Error: the current model does not accept image/png images (69 bytes)',
    );
    expect((await fetchWith('/png', { maxImageBytes: 10 })).result).toBe(
      'Error: image/png image of 69 bytes exceeds the 10 bytes limit',
    );
  });

  it('extracts PDF text with pdftotext and leads with the saved artifact address', async () => {
    const saved: { name: string; bytes: number; toolUseId: string }[] = [];
    const saveArtifact: WebFetchOptions['saveArtifact'] = ({ name, bytes }) => {
      saved.push({ name, bytes: bytes.byteLength, toolUseId: 'toolu_test' });
      return { address: `artifact://${name}` };
    };
    const { result } = await fetchWith('/report.pdf', { saveArtifact });
    const size = minimalPdf('Hello PDF').byteLength;
    expect(result).toBe(
      `artifact://WebFetch-report.pdf (saved PDF, ${size} bytes; Read opens it as a document or as rendered pages)\n\nHello PDF`,
    );
    expect(saved).toEqual([{ name: 'WebFetch-report.pdf', bytes: size, toolUseId: 'toolu_test' }]);
  }, 30_000);

  it('succeeds with the address when extraction fails but the PDF was saved, and fails without it', async () => {
    const extractPdfText: WebFetchOptions['extractPdfText'] = async () => ({
      success: false,
      error: Object.assign(new Error('pdftotext failed: missing'), {
        code: 'extraction-failed',
      }) as never,
    });
    const saveArtifact = () => ({ address: 'artifact://WebFetch-x.pdf' });
    expect((await fetchWith('/report.pdf', { extractPdfText, saveArtifact })).result).toBe(
      `artifact://WebFetch-x.pdf (saved PDF, ${minimalPdf('Hello PDF').byteLength} bytes; Read opens it as a document or as rendered pages)\nText extraction failed: pdftotext failed: missing`,
    );
    expect((await fetchWith('/report.pdf', { extractPdfText })).result).toBe(
      `Error: pdftotext failed: missing (application/pdf, ${minimalPdf('Hello PDF').byteLength} bytes)`,
    );
  });

  it('sniffs a missing content type as PDF, HTML or binary', async () => {
    expect((await fetchWith('/untyped-pdf')).result).toBe('Sniffed');
    expect((await fetchWith('/untyped-html')).result).toBe('sniffed **html**');
    expect((await fetchWith('/untyped-binary')).result).toBe(
      `Error: unsupported content type binary data (4 bytes) from ${server.url}/untyped-binary`,
    );
  }, 30_000);

  it('sniffs untyped bodies opening with common HTML tags or XHTML as HTML, others as text', async () => {
    const results: Record<string, string | undefined> = {};
    for (const name of Object.keys(UNTYPED)) {
      results[name] = (await fetchWith(`/untyped?body=${name}`)).result as string;
    }
    expect(results).toEqual({
      script: 'Scripted',
      meta: 'Meta first',
      heading: '# Title',
      table: '| a | b |\n| --- | --- |\n| 1 | 2 |',
      link: `[Linked](${server.url}/x)`,
      bold: '**Bold** start',
      xhtml: 'XHTML',
      xml: UNTYPED.xml,
      text: UNTYPED.text,
      markup: UNTYPED.markup,
    });
  });

  it('says so when the body is empty', async () => {
    expect((await fetchWith('/empty')).result).toBe('(empty response body)');
  });

  it('returns an error naming the type and size of other content', async () => {
    expect((await fetchWith('/zip')).result).toBe(
      `Error: unsupported content type application/zip (1,234 bytes) from ${server.url}/zip`,
    );
  });

  it('returns an error with the body when the status is not 2xx', async () => {
    expect((await fetchWith('/missing')).result).toBe(
      `Error: HTTP 404 from ${server.url}/missing\n\nno such page`,
    );
  });

  it('refuses URLs that are not http or https', async () => {
    expect((await fetchWith('file:///etc/passwd')).result).toBe(
      'Error: unsupported URL scheme file: in file:///etc/passwd (only http and https)',
    );
  });
});
