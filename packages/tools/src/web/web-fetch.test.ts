import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from './testing/call-tool.js';
import { minimalPdf, TINY_IMAGES, tinyPng } from './testing/fixtures.js';
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
    case '/endless':
    case '/endless-declared': {
      // Writes forever, quickly or trickling, until the client goes away.
      const trickle = url.searchParams.has('trickle');
      response.writeHead(200, {
        'content-type': 'text/plain',
        ...(path === '/endless-declared' ? { 'content-length': 1_000_000_000 } : {}),
      });
      const timer = setInterval(
        () => response.write('x'.repeat(trickle ? 50 : 1000)),
        trickle ? 20 : 1,
      );
      response.on('close', () => clearInterval(timer));
      return;
    }
    case '/trickle': {
      // A slow body that still ends well within the timeout.
      response.writeHead(200, { 'content-type': 'text/plain' });
      let part = 0;
      const timer = setInterval(() => {
        part += 1;
        if (part <= 5) response.write(`part ${part}\n`);
        else {
          clearInterval(timer);
          response.end('end');
        }
      }, 30);
      return;
    }
    case '/conflict':
      send(
        response,
        200,
        { 'content-type': 'text/html; charset=windows-1252' },
        Buffer.concat([
          Buffer.from('<html><head><meta charset="utf-8"></head><body><p>caf'),
          Buffer.from([0xe9]),
          Buffer.from('</p></body></html>'),
        ]),
      );
      return;
    case '/dir/page.html':
      send(
        response,
        200,
        { 'content-type': 'text/html' },
        '<p><a href="sub (1)">Sub</a> and <a href="../up">Up</a></p>',
      );
      return;
    case '/image': {
      const type = url.searchParams.get('type') as keyof typeof TINY_IMAGES;
      send(response, 200, { 'content-type': type }, TINY_IMAGES[type]);
      return;
    }
    case '/blank.pdf':
      send(response, 200, { 'content-type': 'application/pdf' }, minimalPdf(''));
      return;
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

// The test server's names: private hosts the tool reaches only because they are named.
const allowPrivateHosts = ['127.0.0.1', 'other.test', 'localhost'];

function fetchWith(path: string, options: WebFetchOptions = {}) {
  const tool = createWebFetchTool({ lookup, allowPrivateHosts, timeoutMs: 10_000, ...options });
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
    const tool = createWebFetchTool({ lookup, allowPrivateHosts });
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

function sizeIn(result: unknown): number {
  const match = /of at least ([\d,]+) bytes\]$/.exec(String(result));
  return match?.[1] === undefined ? Number.NaN : Number(match[1].replace(/,/g, ''));
}

describe('WebFetch over-limit and slow bodies', () => {
  it('cuts a body that never ends once the count limit is read, stating a lower bound', async () => {
    const { result } = await fetchWith('/endless', { maxBodyBytes: 100, maxResponseBytes: 5000 });
    expect(
      String(result).startsWith(`${'x'.repeat(100)}\n[Response cut at 100 bytes of at least `),
    ).toBe(true);
    expect(sizeIn(result)).toBeGreaterThan(5000);
  });

  it('delivers the kept bytes of a body still trickling in when the timeout passes', async () => {
    const { result, status } = await fetchWith('/endless?trickle', {
      maxBodyBytes: 100,
      timeoutMs: 500,
    });
    expect(status).toBeUndefined();
    expect(
      String(result).startsWith(`${'x'.repeat(100)}\n[Response cut at 100 bytes of at least `),
    ).toBe(true);
    expect(sizeIn(result)).toBeGreaterThanOrEqual(100);
  });

  it('states the exact size from Content-Length when it stops reading early', async () => {
    expect(
      (await fetchWith('/endless-declared', { maxBodyBytes: 10, maxResponseBytes: 2000 })).result,
    ).toBe(`${'x'.repeat(10)}\n[Response cut at 10 bytes of 1,000,000,000 bytes]`);
  });

  it('returns the whole of a slowly trickled body that ends in time', async () => {
    expect((await fetchWith('/trickle')).result).toBe(
      'part 1\npart 2\npart 3\npart 4\npart 5\nend',
    );
  });
});

describe('WebFetch content, further cases', () => {
  it('decodes by the header charset when a <meta> declares another', async () => {
    expect((await fetchWith('/conflict')).result).toBe('café');
  });

  it('resolves links against the final URL after a redirect', async () => {
    const page = `${server.url}/dir/page.html`;
    expect((await fetchWith(`/to?url=${encodeURIComponent('/dir/page.html')}`)).result).toBe(
      `Final URL: ${page}\n\n[Sub](${server.url}/dir/sub%20%281%29) and [Up](${server.url}/up)`,
    );
  });

  it('attaches GIF, JPEG and WebP images as media', async () => {
    for (const [type, bytes] of Object.entries(TINY_IMAGES)) {
      const envelope = await fetchWith(`/image?type=${encodeURIComponent(type)}`);
      expect(envelope.result).toBe(`Image: ${type} 2x1, ${bytes.byteLength} bytes`);
      expect(envelope.media).toEqual([{ mimeType: type, data: new Uint8Array(bytes) }]);
    }
  });
});

describe('WebFetch PDFs', () => {
  const saveArtifact: WebFetchOptions['saveArtifact'] = ({ name }) => ({
    address: `artifact://${name}`,
  });
  const pdfSize = minimalPdf('Hello PDF').byteLength;

  it('says so when the PDF has only whitespace', async () => {
    expect((await fetchWith('/blank.pdf')).result).toBe(
      'The PDF has no extractable text (it may be scanned images).',
    );
  }, 30_000);

  it('names a failed save and still returns the text', async () => {
    const failing = () => {
      throw new Error('disk full');
    };
    expect((await fetchWith('/report.pdf', { saveArtifact: failing })).result).toBe(
      'PDF not saved: disk full\n\nHello PDF',
    );
  }, 30_000);

  it('extracts a PDF over the saving limit and says it was not saved', async () => {
    expect((await fetchWith('/report.pdf', { saveArtifact, maxPdfBytes: 100 })).result).toBe(
      'PDF not saved: it is larger than the 100 bytes limit for saved PDFs\n\nHello PDF',
    );
    expect((await fetchWith('/report.pdf', { maxPdfBytes: 100 })).result).toBe('Hello PDF');
  }, 30_000);

  it('returns an error for a PDF over the response limit', async () => {
    expect((await fetchWith('/report.pdf', { maxResponseBytes: 100 })).result).toBe(
      `Error: application/pdf of ${pdfSize.toLocaleString('en-US')} bytes exceeds the 100 bytes limit`,
    );
  });

  it('names the final URL first and the saved address second when redirected', async () => {
    const final = `${server.url}/report.pdf`;
    expect(
      (await fetchWith(`/to?url=${encodeURIComponent('/report.pdf')}`, { saveArtifact })).result,
    ).toBe(
      `Final URL: ${final}\nartifact://WebFetch-report.pdf (saved PDF, ${pdfSize.toLocaleString('en-US')} bytes; Read opens it as a document or as rendered pages)\n\nHello PDF`,
    );
  }, 30_000);

  it('ends at the configured timeout when saving or extraction does not finish', async () => {
    const url = `${server.url}/report.pdf`;
    const expected = { result: `Error: WebFetch of ${url} timed out after 0.3 s`, status: 'error' };
    const stalledSave = await fetchWith('/report.pdf', {
      timeoutMs: 300,
      saveArtifact: () => new Promise(() => {}),
    });
    expect({ result: stalledSave.result, status: stalledSave.status }).toEqual(expected);
    const stalledExtraction = await fetchWith('/report.pdf', {
      timeoutMs: 300,
      extractPdfText: () => new Promise(() => {}),
    });
    expect({ result: stalledExtraction.result, status: stalledExtraction.status }).toEqual(
      expected,
    );
  });
});
