import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChildRecord } from '../ptc/audit.js';
import type { ToolCallCheckpoint } from '../ptc/checkpoint.js';
import { createHostCheckpoints } from './host-checkpoints.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'host-checkpoints-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const row = (index: number, status: ChildRecord['status']): ChildRecord => ({
  index,
  id: `E/${index}`,
  tool: 'Read',
  args: null,
  batch: null,
  status,
  result: status === 'success' ? 'ok' : null,
  warning: false,
  renderData: null,
});
const journal = (id: string, children: ChildRecord[]): ToolCallCheckpoint => ({
  version: 1,
  envelopeId: id,
  state: 'running',
  children,
});
const files = async () => (await readdir(directory)).filter((name) => name.endsWith('.json'));
const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('createHostCheckpoints', () => {
  it('autosaves a running journal when its calls change, and not otherwise', async () => {
    const checkpoints = createHostCheckpoints(directory, { intervalMs: 5 });
    let current = journal('E', [row(1, 'running')]);
    let reads = 0;
    const file = join(directory, 'E.toolcall.json');
    checkpoints.autosave(() => {
      reads++;
      return [current];
    });
    await until(async () => (await files()).length === 1);
    const first = await readFile(file, 'utf8');
    await until(async () => reads > 5);
    // Unchanged: the file is the one first written (its writer stamp included).
    expect(await readFile(file, 'utf8')).toBe(first);
    current = journal('E', [row(1, 'success')]);
    await until(async () => (await readFile(file, 'utf8')).includes('"success"'));
    await checkpoints.stop();
  });

  it('consumes a delivered checkpoint: a later write of it is dropped', async () => {
    const checkpoints = createHostCheckpoints(directory);
    await checkpoints.store.write(journal('E', [row(1, 'running')]));
    expect(await files()).toEqual(['E.toolcall.json']);
    await checkpoints.consume('E');
    // A cancelled script settling after its outcome went out.
    await checkpoints.store.write({ ...journal('E', [row(1, 'success')]), state: 'settled' });
    expect(await files()).toEqual([]);
    await checkpoints.stop();
  });

  it('recovers what an ended process left running, removes what it left settled, and counts first', async () => {
    // Written without a writer stamp: a process that has ended.
    await writeFile(
      join(directory, 'R.toolcall.json'),
      JSON.stringify(journal('R', [row(1, 'success'), row(2, 'running')])),
    );
    await writeFile(
      join(directory, 'S.toolcall.json'),
      JSON.stringify({ ...journal('S', [row(1, 'success')]), state: 'settled' }),
    );
    const checkpoints = createHostCheckpoints(directory);
    expect(await checkpoints.unfinished()).toBe(1);
    expect((await files()).sort()).toEqual(['R.toolcall.json', 'S.toolcall.json']);
    const recovered = await checkpoints.recover();
    expect(recovered.map((record) => [record.toolUseId, record.status])).toEqual([['R', 'error']]);
    expect(await files()).toEqual([]);
    await checkpoints.stop();
  });

  it('probes that checkpoints can be written, and rejects where they cannot', async () => {
    const fresh = join(directory, 'a', 'b');
    await createHostCheckpoints(fresh).probe();
    expect(await readdir(fresh)).toEqual([]);
    // A directory under a regular file can never be created.
    await writeFile(join(directory, 'file'), '');
    await expect(createHostCheckpoints(join(directory, 'file', 'sub')).probe()).rejects.toThrow(
      /ENOTDIR|EEXIST/,
    );
  });
});
