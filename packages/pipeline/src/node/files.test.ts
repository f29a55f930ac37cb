import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepairLog } from '../repair-log.js';
import { createFileArtifactStore, createFileReader, createJsonlAppender } from './files.js';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pipeline-files-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createJsonlAppender', () => {
  it('appends one JSON line per repair-log entry', async () => {
    const file = join(root, 'session', 'repair-log.jsonl');
    const log = createRepairLog({ writeLine: createJsonlAppender(file) });
    const entry = {
      tool: 'Read',
      toolUseId: 'a',
      origin: 'model' as const,
      source: 'direct' as const,
      outcome: 'abandoned' as const,
      steps: [],
      paths: ['offset'],
    };
    log.record(entry);
    log.record({ ...entry, toolUseId: 'b' });
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([entry, { ...entry, toolUseId: 'b' }]);
  });
});

describe('createFileArtifactStore', () => {
  it('stores the text whole and returns an artifact address', async () => {
    const store = createFileArtifactStore(join(root, 'artifacts'));
    const { address } = await store.put({
      text: 'full text',
      toolName: 'gh/search',
      toolUseId: 'x',
    });
    const files = await readdir(join(root, 'artifacts'));
    expect([
      address.startsWith('artifact://gh_search-'),
      files,
      await readFile(join(root, 'artifacts', files[0]!), 'utf8'),
    ]).toEqual([true, [address.slice('artifact://'.length)], 'full text']);
  });
});

describe('createFileReader', () => {
  it('reads missing files as undefined', async () => {
    expect(await createFileReader(root)('absent.txt')).toBeUndefined();
  });
});
