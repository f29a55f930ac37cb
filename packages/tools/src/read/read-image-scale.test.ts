import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createExecManager, type ExecManager } from '@toolcall/exec';
import { validateMedia } from '@toolcall/media';
import type { MediaInput, MediaSink } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../testing/pdf.js';
import { buildPng } from '../testing/png.js';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { findImageMagick } from './image-magick.js';

const stored: MediaInput[] = [];
const sink: MediaSink = {
  put(media) {
    stored.push(media);
    return { id: `m${stored.length}`, mimeType: media.mimeType };
  },
};

/** The type and size of every image the last call attached. */
function attached(from: number): { mimeType: string; width?: number; height?: number }[] {
  return stored.slice(from).map((media) => {
    const checked = validateMedia(media.data as Uint8Array, { mimeType: media.mimeType });
    if (!checked.success) throw new Error(checked.error.message);
    const { mimeType, width, height } = checked.value;
    return { mimeType, width, height };
  });
}

async function read(
  target: TestWorkspace,
  input: Record<string, unknown>,
): Promise<{ status: string; result: unknown; images: ReturnType<typeof attached> }> {
  const from = stored.length;
  const { status, result } = await target.run('Read', input);
  return { status, result, images: attached(from) };
}

let workspace: TestWorkspace;
let magick: string;
beforeAll(async () => {
  const found = await findImageMagick();
  if (found === undefined)
    throw new Error('these tests need ImageMagick (apt-get install imagemagick)');
  magick = found;
  workspace = await createTestWorkspace({ media: sink });
  const png = await workspace.write('wide.png', buildPng(400, 200));
  execFileSync(magick, [`png:${png}`, `jpeg:${path.join(workspace.root, 'photo.jpg')}`]);
  execFileSync(magick, [`png:${png}`, `gif:${path.join(workspace.root, 'anim.gif')}`]);
  await workspace.write('small.png', buildPng(40, 20));
  await workspace.write('notes.txt', 'text\n');
  await workspace.write('doc.pdf', buildPdf(['Page one', 'Page two']));
  await workspace.write(
    '.toolcall/sessions/s1/work/shot.png',
    await readFile(path.join(workspace.root, 'wide.png')),
  );
});
afterAll(() => workspace.dispose());

describe('Read scales images down with ImageMagick', () => {
  it('fits a PNG to max_width, keeping its aspect ratio, and names the source', async () => {
    const { status, result, images } = await read(workspace, {
      file_path: 'wide.png',
      max_width: 100,
    });
    expect(status).toBe('success');
    expect(images).toEqual([{ mimeType: 'image/png', width: 100, height: 50 }]);
    expect(String(result)).toMatch(
      /^Image wide\.png: image\/png 100x50, [\d,]+ bytes \(attached as media; source: image\/png 400x200, [\d,]+ bytes, scaled down to fit max_width=100\)$/,
    );
  });

  it('fits to max_height and to the smaller of two bounds', async () => {
    expect((await read(workspace, { file_path: 'wide.png', max_height: 50 })).images).toEqual([
      { mimeType: 'image/png', width: 100, height: 50 },
    ]);
    expect(
      (await read(workspace, { file_path: 'wide.png', max_width: 300, max_height: 60 })).images,
    ).toEqual([{ mimeType: 'image/png', width: 120, height: 60 }]);
  });

  it('fits max_tokens by the width x height / 750 estimate', async () => {
    // 400x200 is 107 tokens; 20 tokens allow 15,000 pixels: 173x86.
    const { images, result } = await read(workspace, { file_path: 'wide.png', max_tokens: 20 });
    expect(images).toEqual([{ mimeType: 'image/png', width: 173, height: 86 }]);
    expect(Math.ceil((173 * 86) / 750)).toBeLessThanOrEqual(20);
    expect(String(result)).toContain('scaled down to fit max_tokens=20)');
  });

  it('keeps a JPEG a JPEG and turns a GIF into a PNG of its first frame', async () => {
    expect((await read(workspace, { file_path: 'photo.jpg', max_width: 200 })).images).toEqual([
      { mimeType: 'image/jpeg', width: 200, height: 100 },
    ]);
    expect((await read(workspace, { file_path: 'anim.gif', max_width: 40 })).images).toEqual([
      { mimeType: 'image/png', width: 40, height: 20 },
    ]);
  });

  it('never scales up: an image that already fits is attached as it is', async () => {
    const { result, images } = await read(workspace, {
      file_path: 'small.png',
      max_width: 1000,
      max_tokens: 1000,
    });
    expect(images).toEqual([{ mimeType: 'image/png', width: 40, height: 20 }]);
    expect(String(result)).toMatch(
      /^Image small\.png: image\/png 40x20, [\d,]+ bytes \(attached as media\)$/,
    );
  });

  it('treats 0 as absent', async () => {
    const { result, images } = await read(workspace, {
      file_path: 'wide.png',
      max_width: 0,
      max_height: 0,
      max_tokens: 0,
    });
    expect(images).toEqual([{ mimeType: 'image/png', width: 400, height: 200 }]);
    expect(String(result)).not.toContain('source:');
  });

  it('scales an image behind a resource address', async () => {
    expect((await read(workspace, { file_path: 'work://shot.png', max_width: 80 })).images).toEqual(
      [{ mimeType: 'image/png', width: 80, height: 40 }],
    );
  });

  it('scales rendered PDF pages', async () => {
    const { status, result, images } = await read(workspace, {
      file_path: 'doc.pdf',
      pages: '1-2',
      max_width: 200,
    });
    expect(status).toBe('success');
    // pdftoppm renders a US Letter page at 100 dpi as 850x1100.
    expect(images).toEqual([
      { mimeType: 'image/png', width: 200, height: 258 },
      { mimeType: 'image/png', width: 200, height: 258 },
    ]);
    expect(result).toBe(
      'PDF doc.pdf: pages 1-2 of 2 attached as PNG images (scaled down to fit max_width=200).',
    );
  });
});

describe('Read refuses max_* where it does not apply', () => {
  it.each([
    [
      { file_path: 'wide.png', max_width: -1 },
      'Error: Parameter max_width must be a positive integer',
    ],
    [
      { file_path: 'wide.png', max_tokens: -3 },
      'Error: Parameter max_tokens must be a positive integer',
    ],
    [
      { file_path: 'notes.txt', max_height: 10 },
      'Error: Parameter max_height applies only to images and rendered PDF pages: notes.txt',
    ],
    [
      { file_path: 'doc.pdf', max_width: 10 },
      'Error: Parameter max_width applies only to rendered PDF pages; add pages="1-" to render doc.pdf',
    ],
    [
      { file_path: 'work://notes.md', max_width: 10 },
      'Error: Parameter max_width applies only to images and rendered PDF pages: work://notes.md',
    ],
  ])('fails for %j', async (input, message) => {
    expect(await workspace.run('Read', input)).toEqual({ status: 'error', result: message });
  });

  it('fails cleanly when the image itself is not what its extension says', async () => {
    await workspace.write('fake.png', 'not an image');
    const { status, result } = await workspace.run('Read', {
      file_path: 'fake.png',
      max_width: 10,
    });
    expect(status).toBe('error');
    expect(String(result)).toMatch(/^Error: Cannot read image fake\.png: /);
  });
});

describe('Read scaling confined through @toolcall/exec', () => {
  let confined: TestWorkspace;
  let manager: ExecManager;
  beforeAll(async () => {
    manager = createExecManager({ workspaceRoot: workspace.root });
    confined = await createTestWorkspace({ media: sink, exec: manager });
    await confined.write('wide.png', buildPng(400, 200));
    await confined.write('doc.pdf', buildPdf(['Only page']));
    await confined.write('.toolcall/sessions/s1/work/doc.pdf', buildPdf(['Work page']));
  });
  afterAll(async () => {
    await confined.dispose();
    await manager.teardown();
  });

  it('runs ImageMagick as a confined helper', async () => {
    const first = await read(confined, { file_path: 'wide.png', max_width: 64 });
    expect(first.images).toEqual([{ mimeType: 'image/png', width: 64, height: 32 }]);
    expect(
      (await read(confined, { file_path: 'doc.pdf', pages: '1', max_tokens: 100 })).images,
    ).toEqual([{ mimeType: 'image/png', width: 240, height: 311 }]);
    expect(Math.ceil((240 * 311) / 750)).toBeLessThanOrEqual(100);
  });

  it('renders and scales the pages of a PDF behind a resource address', async () => {
    expect(
      (await read(confined, { file_path: 'work://doc.pdf', pages: '1', max_width: 85 })).images,
    ).toEqual([{ mimeType: 'image/png', width: 85, height: 110 }]);
  });
});
