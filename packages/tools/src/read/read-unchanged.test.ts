import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPng } from '../testing/png.js';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { createToolSet } from '../tool-set.js';
import { createReadTool } from './read-tool.js';

const unchanged = (shown: string) => ({
  status: 'success',
  result: `File ${shown} unchanged since last read.  Reuse the previous contents.`,
});

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
});
afterAll(() => workspace.dispose());

describe('an unchanged re-read in the root conversation', () => {
  it('points back to the previous read of the same file and range', async () => {
    await workspace.write('same.txt', 'alpha\nbeta\n');
    expect(await workspace.run('Read', { file_path: 'same.txt' })).toEqual({
      status: 'success',
      result: '1\talpha\n2\tbeta',
    });
    const again = await workspace.call('Read', { file_path: 'same.txt' });
    expect({ status: again.status, result: again.result }).toEqual(unchanged('same.txt'));
    expect(again.renderData).toEqual({ path: 'same.txt', lines: 0, media: 0, unchanged: true });
    // The range is compared after defaults, and the path after resolution.
    expect(await workspace.run('Read', { file_path: 'same.txt', offset: 1, limit: 2000 })).toEqual(
      unchanged('same.txt'),
    );
    const absolute = path.join(workspace.root, 'same.txt');
    expect(await workspace.run('Read', { file_path: absolute })).toEqual(unchanged(absolute));
  });

  it('keeps one memory per range', async () => {
    await workspace.write('ranges.txt', 'one\ntwo\nthree\n');
    expect((await workspace.run('Read', { file_path: 'ranges.txt' })).result).toBe(
      '1\tone\n2\ttwo\n3\tthree',
    );
    expect((await workspace.run('Read', { file_path: 'ranges.txt', offset: 2 })).result).toBe(
      '2\ttwo\n3\tthree',
    );
    expect(await workspace.run('Read', { file_path: 'ranges.txt', offset: 2 })).toEqual(
      unchanged('ranges.txt'),
    );
    expect(await workspace.run('Read', { file_path: 'ranges.txt', offset: 2, limit: 1 })).toEqual({
      status: 'success',
      result:
        '2\ttwo\n\n... Read output truncated. Use Read(file_path="ranges.txt", offset=3, limit=2000) to continue, or use Grep for targeted searches.',
    });
    expect(await workspace.run('Read', { file_path: 'ranges.txt' })).toEqual(
      unchanged('ranges.txt'),
    );
  });

  it('reads a changed file again, even a same-size rewrite in the same instant', async () => {
    const file = await workspace.write('edited.txt', 'aaaa\n');
    expect((await workspace.run('Read', { file_path: 'edited.txt' })).result).toBe('1\taaaa');
    await writeFile(file, 'bbbb\n');
    expect((await workspace.run('Read', { file_path: 'edited.txt' })).result).toBe('1\tbbbb');
    await writeFile(file, 'bbbb\ncc\n');
    expect((await workspace.run('Read', { file_path: 'edited.txt' })).result).toBe(
      '1\tbbbb\n2\tcc',
    );
    expect(await workspace.run('Read', { file_path: 'edited.txt' })).toEqual(
      unchanged('edited.txt'),
    );
  });

  it('reads a file ApplyPatch changed in the same session again', async () => {
    await workspace.write('patched.txt', 'left\n');
    expect((await workspace.run('Read', { file_path: 'patched.txt' })).result).toBe('1\tleft');
    const patch = [
      '*** Begin Patch',
      '*** Update File: patched.txt',
      '-left',
      '+down',
      '*** End Patch',
    ].join('\n');
    expect((await workspace.run('ApplyPatch', { patch })).status).toBe('success');
    expect((await workspace.run('Read', { file_path: 'patched.txt' })).result).toBe('1\tdown');
  });

  it('does not remember errors, directories or images', async () => {
    await workspace.write('short.txt', 'x\n');
    await workspace.write('folder/a.txt', 'a');
    await workspace.write('pixel.png', buildPng(2, 2));
    for (let round = 0; round < 2; round += 1) {
      expect((await workspace.run('Read', { file_path: 'short.txt', offset: 5 })).result).toBe(
        'Error: Read offset 5 starts after the last line of short.txt',
      );
      expect(String((await workspace.run('Read', { file_path: 'folder' })).result)).toMatch(
        /^Directory folder \(1 files\):/,
      );
      expect(String((await workspace.run('Read', { file_path: 'pixel.png' })).result)).toMatch(
        /^Image pixel\.png: image\/png 2x2, /,
      );
    }
  });

  it('forgets a read once the file is gone', async () => {
    const file = await workspace.write('gone.txt', 'here\n');
    expect((await workspace.run('Read', { file_path: 'gone.txt' })).result).toBe('1\there');
    await rm(file);
    expect((await workspace.run('Read', { file_path: 'gone.txt' })).result).toBe(
      'Error: File gone.txt does not exist',
    );
    await writeFile(file, 'here\n');
    expect((await workspace.run('Read', { file_path: 'gone.txt' })).result).toBe('1\there');
  });
});

describe('reads that always get the contents', () => {
  it('resource addresses', async () => {
    await workspace.write('.toolcall/sessions/s1/work/notes.md', 'note\n');
    for (let round = 0; round < 2; round += 1) {
      expect(await workspace.run('Read', { file_path: 'work://notes.md' })).toEqual({
        status: 'success',
        result: '1\tnote',
      });
    }
  });

  it('reads nested in ToolCall, which neither answer from nor feed the memory', async () => {
    await workspace.write('nested.txt', 'inner\n');
    for (let round = 0; round < 2; round += 1) {
      expect(
        await workspace.run('ToolCall', { expression: '(Read :file_path "nested.txt")' }),
      ).toEqual({ status: 'success', result: '1\tinner' });
    }
    expect((await workspace.run('Read', { file_path: 'nested.txt' })).result).toBe('1\tinner');
    expect(
      await workspace.run('ToolCall', { expression: '(Read :file_path "nested.txt")' }),
    ).toEqual({ status: 'success', result: '1\tinner' });
    expect(await workspace.run('Read', { file_path: 'nested.txt' })).toEqual(
      unchanged('nested.txt'),
    );
  });

  it('reads by a sub-agent sharing the tool', async () => {
    const owners = new Map<string, string>();
    const agents = await createTestWorkspace({
      extraTools: [
        createReadTool({
          cwd: workspace.root,
          ownerOf: (context) => owners.get(context.toolUseId) ?? '/root',
        }),
      ],
    });
    try {
      const file = await agents.write('shared.txt', 'both\n');
      const run = async (toolUseId: string, owner: string) => {
        owners.set(toolUseId, owner);
        const outcome = await agents.toolSet.pipeline.runTool({
          name: 'Read',
          input: { file_path: file },
          toolUseId,
        }).outcome;
        return outcome.result;
      };
      const notice = `File ${file} unchanged since last read.  Reuse the previous contents.`;
      // Each conversation is told "unchanged" about its own reads only.
      expect(await run('agent_1', '/root/worker')).toBe('1\tboth');
      expect(await run('root_1', '/root')).toBe('1\tboth');
      expect(await run('agent_2', '/root/worker')).toBe(notice);
      expect(await run('other_1', '/root/reviewer')).toBe('1\tboth');
      expect(await run('root_2', '/root')).toBe(notice);
    } finally {
      await agents.dispose();
    }
  });
});

describe('the tool set’s read memory', () => {
  it('is forgotten by forgetReads, so the next Read returns the contents again', async () => {
    await workspace.write('compacted.txt', 'kept\n');
    expect((await workspace.run('Read', { file_path: 'compacted.txt' })).result).toBe('1\tkept');
    expect(await workspace.run('Read', { file_path: 'compacted.txt' })).toEqual(
      unchanged('compacted.txt'),
    );
    workspace.toolSet.forgetReads();
    expect((await workspace.run('Read', { file_path: 'compacted.txt' })).result).toBe('1\tkept');
  });

  it('is kept per conversation, per the set’s ownerOf, and forgotten per conversation', async () => {
    const shared = await createTestWorkspace({
      ownerOf: (context) => (context.toolUseId.startsWith('agent_') ? '/root/worker' : '/root'),
    });
    try {
      await shared.write('shared.txt', 'one\n');
      const read = (toolUseId: string) =>
        shared.toolSet.pipeline.runTool({
          name: 'Read',
          input: { file_path: 'shared.txt' },
          toolUseId,
        }).outcome;
      const same = unchanged('shared.txt').result;
      expect((await read('agent_1')).result).toBe('1\tone');
      expect((await read('root_1')).result).toBe('1\tone');
      expect((await read('agent_2')).result).toBe(same);
      expect((await read('root_2')).result).toBe(same);
      // The worker compacted its conversation: only its memory goes.
      shared.toolSet.forgetReads('/root/worker');
      expect((await read('agent_3')).result).toBe('1\tone');
      expect((await read('root_3')).result).toBe(same);
      // A change of the file is news to both.
      await shared.write('shared.txt', 'two\n');
      expect((await read('agent_4')).result).toBe('1\ttwo');
      expect((await read('root_4')).result).toBe('1\ttwo');
    } finally {
      await shared.dispose();
    }
  });

  it('rejects an ownerOf that is not a function', () => {
    expect(() => createToolSet({ workspace: workspace.root, ownerOf: 'root' as never })).toThrow(
      /ownerOf/,
    );
  });
});
