import { execFileSync } from 'node:child_process';
import { mkdir, readFile, stat, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnapshotReader } from '../snapshot-reader.js';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { openRegularFile, readRegularFile } from './regular-file.js';

// Every tool that reads or writes a path meets the same special files: each must be refused
// before any blocking open, with the kind named.
let workspace: TestWorkspace;
let server: Server;

const patchOf = (...lines: string[]): string =>
  ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await workspace.write('plain.txt', 'alpha\nbeta\n');
  await workspace.write('src/a.py', 'def f():\n    return 1\n');
  execFileSync('mkfifo', [path.join(workspace.root, 'fifo.py')]);
  for (let index = 0; index < 8; index += 1) {
    execFileSync('mkfifo', [path.join(workspace.root, `pipe-${index}.txt`)]);
  }
  await symlink('/dev/zero', path.join(workspace.root, 'zero.py'));
  await symlink('/dev/zero', path.join(workspace.root, 'zero.png'));
  await symlink('/proc/self/status', path.join(workspace.root, 'status.txt'));
  await mkdir(path.join(workspace.root, 'link-dir'));
  await symlink(
    path.join(workspace.root, 'fifo.py'),
    path.join(workspace.root, 'link-dir/to-fifo.py'),
  );
  const work = path.join(workspace.root, '.toolcall/sessions/s1/work');
  await mkdir(work, { recursive: true });
  execFileSync('mkfifo', [path.join(work, 'pipe.md')]);
  server = createServer();
  await new Promise<void>((resolve) =>
    server.listen(path.join(workspace.root, 'sock.py'), resolve),
  );
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await workspace.dispose();
});

const kinds = [
  ['fifo.py', 'FIFO'],
  ['link-dir/to-fifo.py', 'FIFO'],
  ['sock.py', 'socket'],
  ['zero.py', 'character device'],
] as const;

// zero.py leads to /dev, which ApplyPatch refuses by location before its kind.
const patchKinds = kinds.filter(([file]) => file !== 'zero.py');

describe('the file tools on special files', () => {
  it.each(kinds)('Read refuses %s as a %s', async (file, kind) => {
    expect(await workspace.run('Read', { file_path: file })).toEqual({
      status: 'error',
      result: `Error: ${file} is a ${kind}, not a regular file`,
    });
  });

  it.each(kinds)('Outline and Node refuse %s as a %s', async (file, kind) => {
    expect(await workspace.run('Outline', { file_path: file })).toEqual({
      status: 'error',
      result: `Error listing symbols in ${file}: ${file} is a ${kind}, not a regular file`,
    });
    expect(await workspace.run('Node', { file_path: file, line: 1 })).toEqual({
      status: 'error',
      result: `Error getting tree-sitter info for ${file}: ${file} is a ${kind}, not a regular file`,
    });
  });

  it.each(kinds)('Grep refuses %s as an explicit target (a %s)', async (file, kind) => {
    expect(await workspace.run('Grep', { pattern: 'x', path: file })).toEqual({
      status: 'error',
      result: `Error: ${file} is a ${kind}, not a regular file`,
    });
  });

  it('Grep and Glob walk a directory holding FIFOs, sockets and device links without blocking', async () => {
    expect(
      await workspace.run('Grep', {
        pattern: 'beta',
        path: '.',
        output_mode: 'files_with_matches',
      }),
    ).toEqual({ status: 'success', result: path.join(workspace.root, 'plain.txt') });
    const glob = await workspace.run('Glob', { pattern: '**/*.py' });
    expect(glob.status).toBe('success');
    expect(String(glob.result).split('\n')).toContain(path.join(workspace.root, 'src/a.py'));
  });

  it.each(patchKinds)('ApplyPatch refuses to update %s (a %s)', async (file, kind) => {
    expect(
      await workspace.run('ApplyPatch', {
        patch: patchOf(`*** Update File: ${file}`, '-a', '+b'),
      }),
    ).toEqual({
      status: 'error',
      result: `Error: ${file} is a ${kind}, not a regular file (only regular files can be patched)`,
    });
  });

  it('refuses an image path that leads to /dev/zero before reading it', async () => {
    expect(await workspace.run('Read', { file_path: 'zero.png' })).toEqual({
      status: 'error',
      result: 'Error: zero.png is a character device, not a regular file',
    });
  });

  it('reads /proc/self/status although it reports size 0, and bounds the read', async () => {
    const outcome = await workspace.run('Read', { file_path: 'status.txt' });
    expect(outcome.status).toBe('success');
    expect(outcome.result).toMatch(/^ *1\tName:\t/);
    // Its size and timestamps never change, so a second read is never "unchanged".
    const again = await workspace.run('Read', { file_path: 'status.txt' });
    expect(again.result).toMatch(/^ *1\tName:\t/);
    const whole = await readRegularFile('/proc/self/status', { shown: 'status', maxBytes: 16 });
    expect(whole).toEqual({
      success: false,
      reason: 'error',
      code: 'EFBIG',
      message: 'status holds more than 16 bytes, the most this tool reads',
    });
  });

  it('refuses a FIFO behind a work:// address in Read and ApplyPatch', async () => {
    expect(await workspace.run('Read', { file_path: 'work://pipe.md' })).toMatchObject({
      status: 'error',
    });
    expect(
      await workspace.run('ApplyPatch', {
        patch: patchOf('*** Update File: work://pipe.md', '-a', '+b'),
      }),
    ).toEqual({ status: 'error', result: 'Error: work://pipe.md is not a regular file' });
  });

  it('reads a special file as absent for snapshots, without blocking', async () => {
    const read = createSnapshotReader(workspace.root);
    expect(await read('fifo.py')).toBeUndefined();
    expect(await read('zero.py')).toBeUndefined();
    expect(await read('plain.txt')).toBe('alpha\nbeta\n');
  });

  it.each([
    ['/proc/self/status', 'Update File', 'under /proc'],
    ['/proc/toolcall-new/file.txt', 'Add File', 'under /proc'],
    ['/sys/kernel/toolcall.txt', 'Add File', 'under /sys'],
    ['/dev/shm/toolcall-never.txt', 'Add File', 'under /dev'],
    ['status.txt', 'Update File', 'under /proc'],
    ['zero.py', 'Update File', 'under /dev'],
  ])('ApplyPatch never targets %s (%s)', async (file, operation, where) => {
    const lines =
      operation === 'Add File'
        ? [`*** ${operation}: ${file}`, '+x']
        : [`*** ${operation}: ${file}`, '-a', '+b'];
    expect(await workspace.run('ApplyPatch', { patch: patchOf(...lines) })).toEqual({
      status: 'error',
      result: `Error: Cannot patch ${file}: it lies ${where}, which is never a patch target`,
    });
  });

  it('refuses a path swapped for a FIFO after its check, on the open descriptor', async () => {
    // openRegularFile on a FIFO directly: the stat refuses it; the non-blocking open and
    // fstat are what refuse one swapped in later, so that open must not block either.
    const opened = await openRegularFile(path.join(workspace.root, 'fifo.py'), 'fifo.py');
    expect(opened).toMatchObject({ success: false, reason: 'not-regular', kind: 'FIFO' });
  });

  it('answers a normal Read after eight cancelled and eight refused FIFO reads', async () => {
    const runs = Array.from({ length: 8 }, (_, index) =>
      workspace.toolSet.pipeline.runTool({
        name: 'Outline',
        input: { file_path: `pipe-${index}.txt` },
        toolUseId: `toolu_fifo_${index}`,
      }),
    );
    for (const run of runs) run.cancel();
    await Promise.all(runs.map((run) => run.outcome));
    const refused = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        workspace.run('Read', { file_path: `pipe-${index}.txt` }),
      ),
    );
    expect(refused.map((entry) => entry.status)).toEqual(Array(8).fill('error'));
    // Each FIFO is still a FIFO and nothing holds a pool thread: plain reads complete.
    expect((await stat(path.join(workspace.root, 'pipe-0.txt'))).isFIFO()).toBe(true);
    expect(await workspace.run('Read', { file_path: 'plain.txt' })).toEqual({
      status: 'success',
      result: '1\talpha\n2\tbeta',
    });
    expect(await readFile(path.join(workspace.root, 'plain.txt'), 'utf8')).toBe('alpha\nbeta\n');
    expect(await workspace.run('Outline', { file_path: 'src/a.py' })).toEqual({
      status: 'success',
      result: 'src/a.py:1: [Function] f',
    });
  });
});
