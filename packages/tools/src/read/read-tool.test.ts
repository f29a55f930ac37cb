import { execFileSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

// A 1x1 PNG with valid IHDR, IDAT and IEND chunks.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000005000100' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
  await workspace.write('three.txt', 'alpha\nbeta\ngamma\n');
  await workspace.write('no-newline.txt', 'one\ntwo');
  await workspace.write('empty.txt', '');
  await workspace.write('long.txt', `${'x'.repeat(2500)}\nshort\n`);
  await workspace.write('crlf.txt', 'a\r\nb\r\n');
  await workspace.write('invalid.txt', Buffer.from([0x61, 0xff, 0xfe, 0x62, 0x0a]));
  await workspace.write(
    'many.txt',
    Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`).join('\n'),
  );
  await workspace.write('archive.zip', Buffer.from([0x50, 0x4b, 3, 4]));
  await workspace.write('blob.dat2', Buffer.from([1, 0, 2, 3]));
  await workspace.write('big.txt', `${'y'.repeat(100)}\n`.repeat(6000));
  await workspace.write('pixel.png', PNG);
  await workspace.write('fake.png', 'not an image');
  await workspace.write('dir/a.txt', 'a');
  await workspace.write('dir/.hidden', 'h');
  await workspace.write('dir/.git/config', 'c');
  await workspace.write('.toolcall/sessions/s1/work/notes.md', 'first\nsecond\n');
});
afterAll(() => workspace.dispose());

describe('Read', () => {
  it('returns cat -n numbered lines when reading a small file', async () => {
    expect(await workspace.run('Read', { file_path: 'three.txt' })).toEqual({
      status: 'success',
      result: '1\talpha\n2\tbeta\n3\tgamma',
    });
  });

  it('aligns numbers to the widest line number shown', async () => {
    expect(await workspace.run('Read', { file_path: 'many.txt', offset: 8, limit: 3 })).toEqual({
      status: 'success',
      result:
        ' 8\tline 8\n 9\tline 9\n10\tline 10\n\n... Read output truncated. Use Read(file_path="many.txt", offset=11, limit=2000) to continue, or use Grep for targeted searches.',
    });
  });

  it('counts a last line without a newline and strips CR of CRLF lines', async () => {
    expect((await workspace.run('Read', { file_path: 'no-newline.txt' })).result).toBe(
      '1\tone\n2\ttwo',
    );
    expect((await workspace.run('Read', { file_path: 'crlf.txt' })).result).toBe('1\ta\n2\tb');
  });

  it('stops at 2000 lines by default and names the next call', async () => {
    const { result } = await workspace.run('Read', { file_path: 'many.txt' });
    const lines = String(result).split('\n');
    expect(lines.length).toBe(2002);
    expect(lines[1999]).toBe('2000\tline 2000');
    expect(lines[2001]).toBe(
      '... Read output truncated. Use Read(file_path="many.txt", offset=2001, limit=2000) to continue, or use Grep for targeted searches.',
    );
  });

  it('reads to the end without a notice when the window reaches the last line', async () => {
    const { result } = await workspace.run('Read', { file_path: 'many.txt', offset: 2499 });
    expect(result).toBe('2499\tline 2499\n2500\tline 2500');
  });

  it('cuts lines over 2000 characters with a marker', async () => {
    const { result } = await workspace.run('Read', { file_path: 'long.txt' });
    expect(result).toBe(`1\t${'x'.repeat(2000)} [...]\n2\tshort`);
  });

  it('decodes invalid UTF-8 with replacement characters', async () => {
    expect((await workspace.run('Read', { file_path: 'invalid.txt' })).result).toBe(
      '1\ta\uFFFD\uFFFDb',
    );
  });

  it('reports an empty file as a success reminder', async () => {
    expect((await workspace.run('Read', { file_path: 'empty.txt' })).result).toBe(
      '<system-reminder>\nFile empty.txt exists but is empty (0 bytes). This is the actual file content, not a read failure.\n</system-reminder>',
    );
  });

  it.each([
    [{ offset: -1 }, 'Error: Parameter offset must be a positive integer'],
    [{ limit: -5 }, 'Error: Parameter limit must be a positive integer'],
    [{ offset: 4 }, 'Error: Read offset 4 starts after the last line of three.txt'],
  ])('fails naming the value when given %j', async (range, message) => {
    expect(await workspace.run('Read', { file_path: 'three.txt', ...range })).toEqual({
      status: 'error',
      result: message,
    });
  });

  it('fails for a missing file and for a large file without a range', async () => {
    expect(await workspace.run('Read', { file_path: 'absent.txt' })).toEqual({
      status: 'error',
      result: 'Error: File absent.txt does not exist',
    });
    expect(await workspace.run('Read', { file_path: 'big.txt' })).toEqual({
      status: 'error',
      result:
        'Error: File is too large (> 512 KB).  Use offset and limit to read specific portions',
    });
    expect((await workspace.run('Read', { file_path: 'big.txt', offset: 6000 })).result).toBe(
      `6000\t${'y'.repeat(100)}`,
    );
  });

  it('refuses binary files with their type and size', async () => {
    expect(await workspace.run('Read', { file_path: 'archive.zip' })).toEqual({
      status: 'error',
      result: 'Error: Cannot read binary file (type: .zip): archive.zip (4 bytes)',
    });
    expect((await workspace.run('Read', { file_path: 'blob.dat2' })).result).toBe(
      'Error: Cannot read binary file (type: .dat2): blob.dat2 (4 bytes)',
    );
  });

  it('lists a directory with hidden files and without VCS metadata', async () => {
    const dir = path.join(workspace.root, 'dir');
    expect(await workspace.run('Read', { file_path: 'dir' })).toEqual({
      status: 'success',
      result: `Directory dir (2 files):\n${dir}/.hidden\n${dir}/a.txt`,
    });
  });

  it('attaches an image as media with a one-line summary', async () => {
    const outcome = await workspace.call('Read', { file_path: 'pixel.png' });
    expect({ status: outcome.status, result: outcome.result }).toEqual({
      status: 'success',
      result: 'Image pixel.png: image/png 1x1, 70 bytes (attached as media)',
    });
    expect(outcome.renderData).toEqual({ path: 'pixel.png', lines: 0, media: 1 });
  });

  it('refuses an image whose bytes do not match its extension', async () => {
    const { status, result } = await workspace.run('Read', { file_path: 'fake.png' });
    expect(status).toBe('error');
    expect(String(result)).toMatch(/^Error: Cannot read image fake\.png: /);
  });

  it('refuses pages on a file that is not a PDF', async () => {
    expect(await workspace.run('Read', { file_path: 'three.txt', pages: '1' })).toEqual({
      status: 'error',
      result: 'Error: Parameter pages applies only to PDF files: three.txt',
    });
  });

  it('reads a work:// address through the resource resolver', async () => {
    expect(await workspace.run('Read', { file_path: 'work://notes.md', offset: 2 })).toEqual({
      status: 'success',
      result: '2\tsecond',
    });
    const missing = await workspace.run('Read', { file_path: 'work://absent.md' });
    expect(missing.status).toBe('error');
    expect(String(missing.result)).not.toContain(workspace.root);
  });

  it('rejects a malformed address before permission', async () => {
    const outcome = await workspace.call('Read', { file_path: 'work://a/../b' });
    expect(outcome.status).toBe('error');
    expect(outcome.error?.code).toBe('resource-failed');
  });

  it('lists a symlinked directory root but does not follow symlinks below it', async () => {
    await mkdir(path.join(workspace.root, 'linked'), { recursive: true });
    await symlink(path.join(workspace.root, 'dir'), path.join(workspace.root, 'linked', 'inner'));
    await workspace.write('linked/own.txt', 'own');
    expect((await workspace.run('Read', { file_path: 'linked' })).result).toBe(
      `Directory linked (1 files):\n${path.join(workspace.root, 'linked', 'own.txt')}`,
    );
  });
});

describe('Read, more failure paths', () => {
  it('suggests similarly named files for a missing path', async () => {
    await workspace.write('docs/Guide.md', 'g');
    await workspace.write('docs/guide.txt', 'g');
    expect((await workspace.run('Read', { file_path: 'docs/guide.md' })).result).toBe(
      'Error: File docs/guide.md does not exist. Did you mean:\n- docs/Guide.md\n- docs/guide.txt',
    );
  });

  it('refuses a FIFO instead of blocking on it', async () => {
    execFileSync('mkfifo', [path.join(workspace.root, 'fifo')]);
    expect(await workspace.run('Read', { file_path: 'fifo' })).toEqual({
      status: 'error',
      result: 'Error: fifo is a FIFO, not a regular file',
    });
  });

  it('lists a resource directory as child addresses', async () => {
    await workspace.write('.toolcall/sessions/s1/work/plans/a.md', 'a');
    expect(await workspace.run('Read', { file_path: 'work://plans' })).toEqual({
      status: 'success',
      result: 'work://plans/a.md',
    });
  });
});
