import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionArtifacts } from './session-artifacts.js';

let session: string;
beforeEach(async () => {
  session = await mkdtemp(join(tmpdir(), 'toolcall-artifacts-'));
});
afterEach(() => rm(session, { recursive: true, force: true }));

describe('createSessionArtifacts', () => {
  it('saves bytes under their name, never replacing an earlier artifact', async () => {
    const store = createSessionArtifacts(session);
    const save = (text: string, name: string) =>
      store.putBytes({
        bytes: new TextEncoder().encode(text),
        name,
        mimeType: 'application/pdf',
        toolName: 'WebFetch',
        toolUseId: 'toolu_1',
      });
    expect([
      await save('first', 'WebFetch-report.pdf'),
      await save('second', 'WebFetch-report.pdf'),
      await save('odd', '../x y.pdf'),
    ]).toEqual([
      { address: 'artifact://WebFetch-report.pdf', evicted: [] },
      { address: 'artifact://WebFetch-report-2.pdf', evicted: [] },
      { address: 'artifact://__x_y.pdf', evicted: [] },
    ]);
    const directory = join(session, 'artifacts');
    expect((await readdir(directory)).sort()).toEqual([
      'WebFetch-report-2.pdf',
      'WebFetch-report.pdf',
      '__x_y.pdf',
    ]);
    expect(await readFile(join(directory, 'WebFetch-report.pdf'), 'utf8')).toBe('first');
    expect(await readFile(join(directory, 'WebFetch-report-2.pdf'), 'utf8')).toBe('second');
  });

  it('keeps the session under its quota, oldest artifacts first', async () => {
    const store = createSessionArtifacts(session, { quotaBytes: 10 });
    const put = (toolUseId: string) => store.put({ text: '123456', toolName: 'Bash', toolUseId });
    expect(await put('a')).toEqual({ address: 'artifact://Bash-a.txt', evicted: [] });
    expect(await put('b')).toEqual({
      address: 'artifact://Bash-b.txt',
      evicted: ['artifact://Bash-a.txt'],
    });
    expect(await readdir(join(session, 'artifacts'))).toEqual(['Bash-b.txt']);
  });
});
