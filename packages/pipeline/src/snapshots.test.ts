import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { path } from './args-dsl.js';
import { defineTool } from './define-tool.js';
import { createFileReader } from './node/files.js';
import { createPipeline } from './pipeline.js';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pipeline-snapshots-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function writer() {
  return defineTool({
    name: 'Write',
    description: 'Writes a file.',
    snapshot: true,
    args: z.object({ file_path: path(), content: z.string() }),
    handler: async (args) => {
      await writeFile(join(root, args.file_path), args.content);
      return 'written';
    },
  });
}

describe('turn snapshots', () => {
  it('captures before-states and produces the unified turn diff', async () => {
    await writeFile(join(root, 'a.txt'), 'one\ntwo\n');
    const pipeline = createPipeline({
      tools: [writer()],
      mode: 'full-auto',
      readFile: createFileReader(root),
    });
    await pipeline.runTool({
      name: 'Write',
      input: { file_path: 'a.txt', content: 'one\nTWO\n' },
      toolUseId: '1',
    }).outcome;
    await pipeline.runTool({
      name: 'Write',
      input: { file_path: 'a.txt', content: 'one\nthree\n' },
      toolUseId: '2',
    }).outcome;
    await pipeline.runTool({
      name: 'Write',
      input: { file_path: 'new.txt', content: 'hi\n' },
      toolUseId: '3',
    }).outcome;
    expect(await pipeline.turnDiff()).toBe(
      [
        '===================================================================',
        '--- a/a.txt',
        '+++ b/a.txt',
        '@@ -1,2 +1,2 @@',
        ' one',
        '-two',
        '+three',
        '===================================================================',
        '--- /dev/null',
        '+++ b/new.txt',
        '@@ -0,0 +1,1 @@',
        '+hi',
        '',
      ].join('\n'),
    );
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\nthree\n');
    pipeline.resetTurn();
    expect(await pipeline.turnDiff()).toBe('');
  });
});
