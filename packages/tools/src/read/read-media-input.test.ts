import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../testing/pdf.js';
import { buildPng } from '../testing/png.js';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { createToolSet } from '../tool-set.js';
import { createReadTool } from './read-tool.js';

const PNG = buildPng(4, 3);
const asked: string[] = [];
let imagesOn = false;

let plain: TestWorkspace;
let textOnly: TestWorkspace;
let noDocuments: TestWorkspace;
let switching: TestWorkspace;
let server: Server;
let base: string;

async function fill(workspace: TestWorkspace): Promise<void> {
  await workspace.write('pixel.png', PNG);
  await workspace.write('doc.pdf', buildPdf(['Hello first page', 'Second page text']));
  await workspace.write('blank.pdf', buildPdf(['']));
  await workspace.write('.toolcall/sessions/s1/work/pixel.png', PNG);
}

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  plain = await createTestWorkspace();
  textOnly = await createTestWorkspace({
    acceptsMedia: (mimeType) => {
      asked.push(mimeType);
      return false;
    },
    web: { fetch: { treatLoopbackAsPublic: true } },
  });
  noDocuments = await createTestWorkspace({
    acceptsMedia: (mimeType) => mimeType !== 'application/pdf',
  });
  switching = await createTestWorkspace({ acceptsMedia: () => imagesOn });
  for (const workspace of [plain, textOnly, noDocuments, switching]) await fill(workspace);
});
afterAll(async () => {
  for (const workspace of [plain, textOnly, noDocuments, switching]) await workspace.dispose();
  await new Promise((resolve) => server.close(resolve));
});

describe('Read on a model without media input', () => {
  it('refuses an image, naming it and its type, and attaches nothing', async () => {
    asked.length = 0;
    const outcome = await textOnly.call('Read', { file_path: 'pixel.png' });
    expect([outcome.status, outcome.result, outcome.renderData, asked]).toEqual([
      'error',
      'Error: Cannot read image pixel.png: the current model does not accept image/png input',
      { path: 'pixel.png', lines: 0, media: 0 },
      ['image/png'],
    ]);
  });

  it('refuses an image behind a resource address the same way', async () => {
    expect(await textOnly.run('Read', { file_path: 'work://pixel.png' })).toEqual({
      status: 'error',
      result:
        'Error: Cannot read image work://pixel.png: the current model does not accept image/png input',
    });
  });

  it('still reads the text of a PDF', async () => {
    const { status, result } = await textOnly.run('Read', { file_path: 'doc.pdf' });
    expect(status).toBe('success');
    expect(String(result)).toMatch(/^1\tHello first page/);
    expect(String(result)).toContain('Second page text');
  });

  it('refuses PDF pages, pointing at the text instead', async () => {
    expect(await textOnly.run('Read', { file_path: 'doc.pdf', pages: '1' })).toEqual({
      status: 'error',
      result:
        'Error: Cannot read pages of doc.pdf: the current model does not accept image/png input. Omit pages to read the text of the PDF.',
    });
  });

  it('does not suggest pages for a PDF without text', async () => {
    expect(await textOnly.run('Read', { file_path: 'blank.pdf' })).toEqual({
      status: 'success',
      result:
        'PDF blank.pdf has no extractable text, and the current model does not accept images of its pages.',
    });
  });

  it('refuses the same image from a ToolCall script', async () => {
    expect(await textOnly.run('ToolCall', { expression: '(Read :file_path "pixel.png")' })).toEqual(
      {
        status: 'error',
        result:
          'Error: Cannot read image pixel.png: the current model does not accept image/png input',
      },
    );
  });

  it("is WebFetch's acceptsMedia too unless web.fetch names its own", async () => {
    const outcome = await textOnly.run('WebFetch', { url: `${base}/pixel.png` });
    expect(outcome.status).toBe('error');
    expect(String(outcome.result)).toContain('the current model does not accept image/png images');
  });

  it('asks on every call, so a harness can switch models', async () => {
    imagesOn = false;
    const before = await switching.call('Read', { file_path: 'pixel.png' });
    imagesOn = true;
    const after = await switching.call('Read', { file_path: 'pixel.png' });
    expect([
      before.status,
      after.status,
      after.result,
      (after.renderData as { media: number }).media,
    ]).toEqual([
      'error',
      'success',
      'Image pixel.png: image/png 4x3, 96 bytes (attached as media)',
      1,
    ]);
  });
});

describe('Read on a model without document input', () => {
  it('reads a PDF as its text, as with document input', async () => {
    const without = await noDocuments.run('Read', { file_path: 'doc.pdf' });
    expect(without).toEqual(await plain.run('Read', { file_path: 'doc.pdf' }));
    expect(String(without.result)).toMatch(/^1\tHello first page/);
  });

  it('renders pages as images, which it takes', async () => {
    const outcome = await noDocuments.call('Read', { file_path: 'doc.pdf', pages: '1-' });
    expect([
      outcome.status,
      outcome.result,
      (outcome.renderData as { media: number }).media,
    ]).toEqual(['success', 'PDF doc.pdf: pages 1-2 of 2 attached as PNG images.', 2]);
  });
});

describe('Read by default', () => {
  it('attaches images and pages, and suggests pages for a PDF without text', async () => {
    const image = await plain.call('Read', { file_path: 'pixel.png' });
    const pages = await plain.call('Read', { file_path: 'doc.pdf', pages: '2' });
    expect([
      image.status,
      (image.renderData as { media: number }).media,
      pages.status,
      (pages.renderData as { media: number }).media,
      (await plain.run('Read', { file_path: 'blank.pdf' })).result,
    ]).toEqual([
      'success',
      1,
      'success',
      1,
      'PDF blank.pdf has no extractable text. Use pages="1-" to read it as images.',
    ]);
  });

  it('rejects an acceptsMedia that is not a function, naming the option', () => {
    expect(() => createReadTool({ cwd: plain.root, acceptsMedia: 'yes' as never })).toThrow(
      new TypeError('createReadTool: acceptsMedia must be a function, received yes'),
    );
    expect(() => createToolSet({ workspace: plain.root, acceptsMedia: true as never })).toThrow(
      new TypeError('createToolSet: acceptsMedia must be a function, received true'),
    );
  });
});
