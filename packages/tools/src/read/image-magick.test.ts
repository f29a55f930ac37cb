import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPng } from '../testing/png.js';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { findImageMagick } from './image-magick.js';

let scratch: string;
let real: string;
let impostors: string;
let empty: string;

async function executable(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await chmod(file, 0o755);
}

beforeAll(async () => {
  const found = await findImageMagick();
  if (found === undefined)
    throw new Error('these tests need ImageMagick (apt-get install imagemagick)');
  real = found;
  scratch = await mkdtemp(path.join(tmpdir(), 'toolcall-magick-'));
  // A `convert` that is not ImageMagick (like the one other packages ship), and a `magick`
  // that prints a version of something else.
  impostors = path.join(scratch, 'impostors');
  empty = path.join(scratch, 'empty');
  await mkdir(impostors);
  await mkdir(empty);
  await executable(
    path.join(impostors, 'convert'),
    '#!/bin/sh\necho "convert: ImageMagick is not installed here, this is a stand-in" >&2\nexit 1\n',
  );
  await executable(path.join(impostors, 'magick'), '#!/bin/sh\necho "Version: Magic 1.0"\n');
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('findImageMagick', () => {
  it('skips a convert or magick that is not ImageMagick and finds the real one later on PATH', async () => {
    expect(await findImageMagick([impostors, path.dirname(real)].join(path.delimiter))).toBe(real);
  });

  it('finds nothing when PATH holds only impostors, or nothing at all', async () => {
    expect(await findImageMagick(impostors)).toBeUndefined();
    expect(await findImageMagick(empty)).toBeUndefined();
    expect(await findImageMagick('')).toBeUndefined();
  });

  it('prefers magick over convert anywhere on PATH', async () => {
    const preferred = path.join(scratch, 'preferred');
    await mkdir(preferred);
    await symlink(real, path.join(preferred, 'magick'));
    const searchPath = [path.dirname(real), preferred].join(path.delimiter);
    expect(await findImageMagick(searchPath)).toBe(path.join(preferred, 'magick'));
  });

  it('caches the probe per search path', async () => {
    const cached = path.join(scratch, 'cached');
    await mkdir(cached);
    await symlink(real, path.join(cached, 'convert'));
    expect(await findImageMagick(cached)).toBe(path.join(cached, 'convert'));
    await rm(path.join(cached, 'convert'));
    expect(await findImageMagick(cached)).toBe(path.join(cached, 'convert'));
  });
});

describe('Read without ImageMagick', () => {
  let workspace: TestWorkspace;
  let saved: string | undefined;
  beforeAll(async () => {
    workspace = await createTestWorkspace();
    await workspace.write('wide.png', buildPng(400, 200));
    await workspace.write('small.png', buildPng(40, 20));
    saved = process.env.PATH;
    process.env.PATH = impostors;
  });
  afterAll(async () => {
    process.env.PATH = saved;
    await workspace.dispose();
  });

  it('fails a call that needs scaling, saying ImageMagick is needed', async () => {
    expect(await workspace.run('Read', { file_path: 'wide.png', max_width: 100 })).toEqual({
      status: 'error',
      result:
        'Error: Cannot scale wide.png: max_width, max_height and max_tokens need ImageMagick, and neither magick nor convert on PATH is ImageMagick. Install ImageMagick (e.g. apt-get install imagemagick) or leave these parameters out',
    });
  });

  it('still attaches an image that already fits', async () => {
    const { status, result } = await workspace.run('Read', {
      file_path: 'small.png',
      max_width: 100,
    });
    expect(status).toBe('success');
    expect(String(result)).toMatch(/^Image small\.png: image\/png 40x20, /);
  });
});
