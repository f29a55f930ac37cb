import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSessions, pruneSessions } from './list-sessions.js';
import { sessionLayout } from './session-layout.js';

let workspace = '';
beforeEach(async () => {
  workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-sessions-')));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 1);

// A session whose newest change is `daysAgo` days before NOW, holding `bytes` of artifacts.
function plant(id: string, daysAgo: number, bytes: number): void {
  const layout = sessionLayout({ workspace, id });
  mkdirSync(layout.artifacts, { recursive: true });
  const file = path.join(layout.artifacts, 'out.txt');
  writeFileSync(file, 'x'.repeat(bytes));
  const when = new Date(NOW - daysAgo * DAY);
  for (const entry of [file, layout.artifacts, layout.directory]) utimesSync(entry, when, when);
}

describe('listSessions', () => {
  it('lists the sessions most recently used first, with their sizes, skipping what is not one', async () => {
    expect(await listSessions(workspace)).toEqual([]);
    plant('old', 10, 5);
    plant('new', 1, 7);
    writeFileSync(
      path.join(sessionLayout({ workspace, id: 'x' }).sessionsDirectory, '.hidden'),
      '',
    );
    expect(await listSessions(workspace)).toEqual([
      { id: 'new', modified: new Date(NOW - DAY), bytes: 7, unfinished: 0 },
      { id: 'old', modified: new Date(NOW - 10 * DAY), bytes: 5, unfinished: 0 },
    ]);
  });
});

describe('pruneSessions', () => {
  it('removes sessions older than a bound, or all but the newest few', async () => {
    for (const [id, days] of [
      ['a', 1],
      ['b', 5],
      ['c', 9],
    ] as const)
      plant(id, days, 1);
    const root = sessionLayout({ workspace, id: 'a' }).sessionsDirectory;
    expect(await pruneSessions(workspace, { olderThanMs: 7 * DAY, now: NOW })).toEqual(['c']);
    expect((await readdir(root)).sort()).toEqual(['a', 'b']);
    expect(await pruneSessions(workspace, { keep: 1, now: NOW })).toEqual(['b']);
    expect(await readdir(root)).toEqual(['a']);
  });
});
