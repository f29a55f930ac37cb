import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

const patchOf = (...lines: string[]): string =>
  ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

let workspace: TestWorkspace;
beforeEach(async () => {
  workspace = await createTestWorkspace();
  await workspace.write('src/a.txt', 'one\ntwo\nthree\nfour\n');
  await workspace.write('src/b.txt', 'alpha\nbeta\n');
  await workspace.write('crlf.txt', 'x\r\ny\r\n');
  await workspace.write('dup.txt', 'same\nother\nsame\nother\n');
});
afterEach(() => workspace.dispose());

const read = (relative: string): Promise<string> =>
  readFile(path.join(workspace.root, relative), 'utf8');
async function snapshot(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (directory: string): Promise<void> => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile())
        files[path.relative(workspace.root, full)] = await readFile(full, 'utf8');
    }
  };
  await walk(workspace.root);
  return files;
}

describe('ApplyPatch', () => {
  it('adds, updates, moves and deletes files in one patch', async () => {
    const outcome = await workspace.call('ApplyPatch', {
      patch: patchOf(
        '*** Add File: new/deep/c.txt',
        '+hello',
        '*** Update File: src/a.txt',
        '@@',
        ' one',
        '-two',
        '+TWO',
        ' three',
        '*** Update File: src/b.txt',
        '*** Move to: moved/b.txt',
        '@@',
        '-beta',
        '+BETA',
        '*** Delete File: dup.txt',
      ),
    });
    expect({ status: outcome.status, result: outcome.result }).toEqual({
      status: 'success',
      result: [
        'Applied patch: 4 changes',
        'Applied: new/deep/c.txt',
        'Applied: src/a.txt hunk 1',
        'Applied: src/b.txt -> moved/b.txt',
        'Applied: dup.txt',
      ].join('\n'),
    });
    expect(await snapshot()).toEqual({
      'crlf.txt': 'x\r\ny\r\n',
      'moved/b.txt': 'alpha\nBETA\n',
      'new/deep/c.txt': 'hello\n',
      'src/a.txt': 'one\nTWO\nthree\nfour\n',
    });
    expect(outcome.renderData).toEqual({
      files: [
        {
          path: 'new/deep/c.txt',
          diff: '--- /dev/null\n+++ b/new/deep/c.txt\n@@ -0,0 +1,1 @@\n+hello',
        },
        {
          path: 'src/a.txt',
          diff: '--- a/src/a.txt\n+++ b/src/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three',
        },
        {
          path: 'moved/b.txt',
          diff: '--- a/src/b.txt\n+++ b/moved/b.txt\n@@ -2,1 +2,1 @@\n-beta\n+BETA',
        },
        {
          path: 'dup.txt',
          diff: '--- a/dup.txt\n+++ /dev/null\n@@ -1,4 +0,0 @@\n-same\n-other\n-same\n-other',
        },
      ],
    });
  });

  it('leaves every file unchanged when a later hunk does not match', async () => {
    const before = await snapshot();
    const { status, result } = await workspace.run('ApplyPatch', {
      patch: patchOf(
        '*** Add File: created/x.txt',
        '+x',
        '*** Update File: src/a.txt',
        '-two',
        '+2',
        '*** Update File: src/b.txt',
        '@@',
        ' alpha',
        '-gamma',
        '+G',
      ),
    });
    expect(status).toBe('error');
    expect(result).toBe(
      'Error: Patch hunk does not match src/b.txt (hunk 1). Nearest candidate at line 1 (1 of 2 lines match):\n1\talpha\n2\tbeta',
    );
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      patchOf('*** Update File: missing.txt', '-a', '+b'),
      'Error: File does not exist: missing.txt',
    ],
    [patchOf('*** Delete File: missing.txt'), 'Error: File does not exist: missing.txt'],
    [patchOf('*** Add File: src/a.txt', '+x'), 'Error: Cannot add existing file: src/a.txt'],
    [
      patchOf('*** Update File: src/a.txt', '*** Move to: src/b.txt'),
      'Error: Cannot move to existing file: src/b.txt',
    ],
    [patchOf('*** Update File: src', '-a', '+b'), 'Error: Cannot patch a directory: src'],
    [
      patchOf('*** Update File: dup.txt', '-same', '+SAME'),
      'Error: Patch hunk is ambiguous in dup.txt; provide more context',
    ],
    [
      patchOf('*** Update File: src/a.txt', '-one', '+1', '*** Delete File: ./src/a.txt'),
      'Error: Patch touches path more than once: ./src/a.txt',
    ],
    [patchOf('*** Update File: src/a.txt', ' one'), 'Error: Patch hunk does not change src/a.txt'],
    ['not a patch', "Error: Invalid patch: The first line must be '*** Begin Patch'"],
    ['', 'Error: Parameter patch is required'],
    [' \n\t\n', 'Error: Parameter patch is required'],
  ])('fails without writing: %j', async (patch, message) => {
    const before = await snapshot();
    expect(await workspace.run('ApplyPatch', { patch })).toEqual({
      status: 'error',
      result: message,
    });
    expect(await snapshot()).toEqual(before);
  });

  describe('on a path that is not a regular file', () => {
    let server: Server | undefined;
    beforeEach(async () => {
      execFileSync('mkfifo', [path.join(workspace.root, 'pipe')]);
      server = createServer();
      const listening = server;
      await new Promise<void>((resolve) =>
        listening.listen(path.join(workspace.root, 'sock'), resolve),
      );
    });
    afterEach(async () => {
      const closing = server;
      server = undefined;
      await new Promise((resolve) => closing?.close(resolve));
    });

    const pipe = 'Error: pipe is a FIFO, not a regular file (only regular files can be patched)';
    it.each([
      [patchOf('*** Update File: pipe', '-a', '+b'), pipe],
      [patchOf('*** Delete File: pipe'), pipe],
      [patchOf('*** Update File: pipe', '*** Move to: moved.txt'), pipe],
      [patchOf('*** Update File: src/a.txt', '*** Move to: pipe'), pipe],
      [patchOf('*** Add File: pipe', '+x'), pipe],
      [
        patchOf('*** Delete File: sock'),
        'Error: sock is a socket, not a regular file (only regular files can be patched)',
      ],
    ])('refuses it without reading or writing: %j', async (patch, message) => {
      const before = await snapshot();
      expect(await workspace.run('ApplyPatch', { patch })).toEqual({
        status: 'error',
        result: message,
      });
      expect(await snapshot()).toEqual(before);
      expect((await stat(path.join(workspace.root, 'pipe'))).isFIFO()).toBe(true);
      expect((await stat(path.join(workspace.root, 'sock'))).isSocket()).toBe(true);
    });
  });

  it('uses the @@ N hint among candidates and keeps context lines from the file', async () => {
    const { result } = await workspace.run('ApplyPatch', {
      patch: patchOf('*** Update File: dup.txt', '@@ 3', ' same   ', '-other', '+OTHER'),
    });
    expect(result).toBe(
      'Applied patch: 1 change\nFuzzy: dup.txt hunk 1 matched while ignoring trailing whitespace\nApplied: dup.txt hunk 1',
    );
    expect(await read('dup.txt')).toBe('same\nother\nsame\nOTHER\n');
  });

  it('positions hunks below an anchor, folds typographic punctuation and keeps CRLF', async () => {
    await workspace.run('ApplyPatch', {
      patch: patchOf('*** Update File: dup.txt', '@@ other', ' same', '-other', '+after-anchor'),
    });
    expect(await read('dup.txt')).toBe('same\nother\nsame\nafter-anchor\n');
    await workspace.write('quote.txt', 'say \u201chi\u201d \u2014 ok\n');
    const fuzzy = await workspace.run('ApplyPatch', {
      patch: patchOf('*** Update File: quote.txt', '-say "hi" - ok', '+said'),
    });
    expect(fuzzy.result).toBe(
      'Applied patch: 1 change\nFuzzy: quote.txt hunk 1 matched while normalizing typographic punctuation\nApplied: quote.txt hunk 1',
    );
    await workspace.run('ApplyPatch', {
      patch: patchOf('*** Update File: crlf.txt', ' x', '-y', '+z'),
    });
    expect(await read('crlf.txt')).toBe('x\r\nz\r\n');
  });

  it('pins an End of File hunk to the end of the file', async () => {
    await workspace.run('ApplyPatch', {
      patch: patchOf('*** Update File: dup.txt', ' other', '+last', '*** End of File'),
    });
    expect(await read('dup.txt')).toBe('same\nother\nsame\nother\nlast\n');
  });

  it('keeps the source mode on a move', async () => {
    await chmod(path.join(workspace.root, 'src/b.txt'), 0o750);
    await workspace.run('ApplyPatch', {
      patch: patchOf('*** Update File: src/b.txt', '*** Move to: c.txt'),
    });
    expect((await stat(path.join(workspace.root, 'c.txt'))).mode & 0o777).toBe(0o750);
  });

  it('patches work:// targets in the same transaction and names them by address', async () => {
    const { result } = await workspace.run('ApplyPatch', {
      patch: patchOf(
        '*** Add File: work://plan.md',
        '+# Plan',
        '*** Update File: src/b.txt',
        '-alpha',
        '+ALPHA',
      ),
    });
    expect(result).toBe(
      'Applied patch: 2 changes\nApplied: work://plan.md\nApplied: src/b.txt hunk 1',
    );
    expect(await read('.toolcall/sessions/s1/work/plan.md')).toBe('# Plan\n');
    const refused = await workspace.run('ApplyPatch', {
      patch: patchOf('*** Add File: artifact://x', '+x'),
    });
    expect(refused.status).toBe('error');
    expect(String(refused.result)).toContain('artifact://x');
  });

  it('covers every source and destination with permission and snapshots', async () => {
    const asked: string[][] = [];
    const gated = await createTestWorkspace({
      permissions: { mode: 'ask' },
      askUser: async (request) => {
        asked.push(request.facts.paths.map((entry) => entry.path));
        return 'allow-once' as const;
      },
    });
    try {
      await gated.write('a.txt', 'a\n');
      const outcome = await gated.call('ApplyPatch', {
        patch: patchOf('*** Update File: a.txt', '*** Move to: b.txt', '-a', '+b'),
      });
      expect(outcome.status).toBe('success');
      expect(asked).toEqual([['a.txt', 'b.txt']]);
      expect(await gated.toolSet.pipeline.turnDiff()).toContain('+b');
    } finally {
      await gated.dispose();
    }
  });
});

describe('ApplyPatch on memory files', () => {
  it('writes an explicit memory file descendant through the resolver', async () => {
    const memoryRoot = path.join(workspace.root, '.toolcall', 'memory');
    await workspace.write('.toolcall/memory/notes.md', 'old\n');
    const key = createHash('sha256').update(memoryRoot).digest('hex');
    const { status, result } = await workspace.run('ApplyPatch', {
      patch: patchOf(`*** Update File: memory://${key}/notes.md`, '-old', '+new'),
    });
    expect({ status, result }).toEqual({
      status: 'success',
      result: `Applied patch: 1 change\nApplied: memory://${key}/notes.md hunk 1`,
    });
    expect(await read('.toolcall/memory/notes.md')).toBe('new\n');
  });
});
