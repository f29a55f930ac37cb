import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSession, openSessionOrThrow } from './open-session.js';

let workspace = '';
beforeEach(async () => {
  workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-session-')));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

const sessions = () => path.join(workspace, '.toolcall', 'sessions');

describe('openSession', () => {
  it('creates a new session with every store under .toolcall/sessions/ID, and resumes it by id', async () => {
    const session = await openSessionOrThrow({ workspace });
    expect(session.id).toMatch(/^\d{8}-\d{6}-[0-9a-f]{4}$/);
    const directory = path.join(sessions(), session.id);
    expect(session.layout).toEqual({
      toolcallDirectory: path.join(workspace, '.toolcall'),
      sessionsDirectory: sessions(),
      directory,
      artifacts: path.join(directory, 'artifacts'),
      media: path.join(directory, 'media'),
      checkpoints: path.join(directory, 'toolcall'),
      work: path.join(directory, 'work'),
      history: path.join(directory, 'history'),
    });
    expect([session.resumed, session.quotaBytes, session.recovered, session.warnings]).toEqual([
      false,
      1024 ** 3,
      [],
      [],
    ]);
    expect(await session.artifacts.put({ text: 'big', toolName: 'Grep', toolUseId: 't1' })).toEqual(
      { address: 'artifact://Grep-t1.txt', evicted: [] },
    );
    await session.media.put(
      { mimeType: 'image/png', data: 'cG5n' },
      { toolName: 'Read', toolUseId: 't2' },
    );
    expect(readdirSync(directory).sort()).toEqual(['artifacts', 'media']);
    expect(readFileSync(path.join(directory, 'artifacts', 'Grep-t1.txt'), 'utf8')).toBe('big');
    expect(readFileSync(path.join(directory, 'media', 'media-1-t2.png'), 'utf8')).toBe('png');
    await session.close();
    const again = await openSessionOrThrow({ workspace, sessionId: session.id, quotaBytes: 10 });
    expect([again.id, again.resumed, again.quotaBytes]).toEqual([session.id, true, 10]);
    await again.close();
  });

  it('keeps saved files under their names, never replacing one, within the quota', async () => {
    const session = await openSessionOrThrow({ workspace, sessionId: 's1', quotaBytes: 10 });
    const save = (text: string, name: string) =>
      session.artifacts.putBytes({
        bytes: new TextEncoder().encode(text),
        name,
        mimeType: 'application/pdf',
        toolName: 'WebFetch',
        toolUseId: 'toolu_1',
      });
    expect([await save('first', 'report.pdf'), await save('again', 'report.pdf')]).toEqual([
      { address: 'artifact://report.pdf', evicted: [] },
      { address: 'artifact://report-2.pdf', evicted: [] },
    ]);
    expect(await save('odd', '../x y.pdf')).toEqual({
      address: 'artifact://__x_y.pdf',
      evicted: ['artifact://report.pdf'],
    });
    expect(readdirSync(session.layout.artifacts).sort()).toEqual(['__x_y.pdf', 'report-2.pdf']);
    await session.close();
  });

  it('leaves nothing behind when nothing was written, and keeps a session that holds something', async () => {
    const empty = await openSessionOrThrow({ workspace });
    expect(existsSync(empty.layout.directory)).toBe(true);
    await empty.close();
    expect(readdirSync(workspace)).toEqual([]);
    mkdirSync(path.join(workspace, '.toolcall'));
    const used = await openSessionOrThrow({ workspace, sessionId: 'kept' });
    await used.artifacts.put({ text: 'x', toolName: 'Bash', toolUseId: 'a' });
    await used.close();
    await used.close();
    expect(readdirSync(sessions())).toEqual(['kept']);
    // A resumed session is never removed, even when empty.
    const resumed = await openSessionOrThrow({ workspace, sessionId: 'kept' });
    await rm(resumed.layout.artifacts, { recursive: true });
    await resumed.close();
    expect(readdirSync(sessions())).toEqual(['kept']);
  });

  it('leaves the directory to the first write when asked, so a session that stores nothing leaves nothing', async () => {
    const idle = await openSessionOrThrow({ workspace, sessionId: 's1', createDirectory: false });
    expect([idle.resumed, readdirSync(workspace)]).toEqual([false, []]);
    await idle.close();
    expect(readdirSync(workspace)).toEqual([]);
    const used = await openSessionOrThrow({ workspace, sessionId: 's1', createDirectory: false });
    await used.media.put(
      { mimeType: 'image/png', data: 'cG5n' },
      { toolName: 'Read', toolUseId: 't' },
    );
    await used.close();
    expect(readdirSync(path.join(sessions(), 's1', 'media'))).toEqual(['media-1-t.png']);
    const again = await openSessionOrThrow({ workspace, sessionId: 's1', createDirectory: false });
    expect(again.resumed).toBe(true);
    await again.close();
  });

  it('fails as a value on a bad id, a missing workspace or one that is a file', async () => {
    const file = path.join(workspace, 'file');
    writeFileSync(file, '');
    const failures = await Promise.all([
      openSession({ workspace, sessionId: '../up' }),
      openSession({ workspace: path.join(workspace, 'absent') }),
      openSession({ workspace: file }),
    ]);
    expect(
      failures.map((failure) => !failure.success && [failure.error.code, failure.error.message]),
    ).toEqual([
      [
        'invalid-session-id',
        "bad session id '../up': use letters, digits, . _ - (at most 64, not starting with . _ -)",
      ],
      ['workspace-unavailable', `workspace ${path.join(workspace, 'absent')} does not exist`],
      ['workspace-unavailable', `workspace ${file} is not a directory`],
    ]);
    await expect(openSessionOrThrow({ workspace, sessionId: '' })).rejects.toMatchObject({
      code: 'invalid-session-id',
    });
    expect(readdirSync(workspace)).toEqual(['file']);
  });

  it('fails as a value when the session directory cannot be created', async () => {
    writeFileSync(path.join(workspace, '.toolcall'), 'not a directory');
    const opened = await openSession({ workspace, sessionId: 's1' });
    expect(!opened.success && [opened.error.code, opened.error.message]).toEqual([
      'session-unavailable',
      `the session directory ${path.join(sessions(), 's1')} cannot be created (ENOTDIR)`,
    ]);
  });

  it('throws a TypeError naming a bad option', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { workspace: 'relative' },
        'workspace must be an absolute directory path, received relative',
      ],
      [{ workspace, quotaBytes: 0 }, 'quotaBytes must be a positive integer, received 0'],
      [{ workspace, sessionId: 7 }, 'sessionId must be a string, received 7'],
      [{ workspace, createDirectory: 'yes' }, 'createDirectory must be a boolean, received yes'],
      [
        { workspace, settlementCommit: 'later' },
        "settlementCommit must be 'settlement' or 'host', received later",
      ],
      [
        { workspace, checkpoints: { directory: 'rel' } },
        'checkpoints must be a boolean or { directory: ABSOLUTE-PATH }, received [object Object]',
      ],
    ];
    for (const [options, message] of cases) {
      await expect(openSession(options as never)).rejects.toThrow(`openSession: ${message}`);
    }
  });
});

// A running checkpoint written by a process that has ended, as a killed host leaves one.
const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
function leaveRunningCheckpoint(directory: string, envelopeId: string): void {
  const script = `
    import { createHostCheckpoints } from '@toolcall/pipeline/node';
    const checkpoints = createHostCheckpoints(process.argv[1]);
    await checkpoints.store.write({ version: 1, envelopeId: process.argv[2], state: 'running',
      args: { expression: '(Bash :command "sleep 100")' }, children: [] });
    await checkpoints.stop();`;
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', script, directory, envelopeId],
    {
      cwd: PACKAGE,
      encoding: 'utf8',
    },
  );
  expect(child.stderr).toBe('');
}

describe('a session’s ToolCall checkpoints', () => {
  it('recovers a script an ended process left running, once', async () => {
    const first = await openSessionOrThrow({ workspace, sessionId: 's1' });
    leaveRunningCheckpoint(first.layout.checkpoints, 'run-1');
    await first.close();
    const resumed = await openSessionOrThrow({ workspace, sessionId: 's1' });
    expect(resumed.recovered.map((record) => [record.toolUseId, record.status])).toEqual([
      ['run-1', 'error'],
    ]);
    await resumed.close();
    expect((await openSessionOrThrow({ workspace, sessionId: 's1' })).recovered).toEqual([]);
  });

  it('keeps them in another directory when asked, and runs without them when it cannot be written', async () => {
    const state = path.join(workspace, 'state');
    mkdirSync(state);
    symlinkSync(path.join(workspace, 'nowhere'), path.join(state, 'checkpoints'));
    const session = await openSessionOrThrow({
      workspace,
      checkpoints: { directory: path.join(state, 'checkpoints') },
    });
    expect(session.checkpoints).toBeUndefined();
    expect(session.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^The ToolCall checkpoints in ${path.join(state, 'checkpoints')} could not be written \\(.*ENOENT.*\\); scripts run without checkpoints\\.$`,
        ),
      ),
    ]);
    expect(session.toolSetOptions().checkpoints).toBeUndefined();
    await session.close();
    const none = await openSessionOrThrow({ workspace, checkpoints: false });
    expect([none.checkpoints, none.toolSetOptions().toolCall]).toEqual([undefined, {}]);
    await none.close();
  });
});

describe('Session.toolSetOptions', () => {
  it('wires the session in over the given options', async () => {
    const session = await openSessionOrThrow({
      workspace,
      sessionId: 's1',
      settlementCommit: 'host',
    });
    const options = session.toolSetOptions({
      permissions: { mode: 'full-auto' },
      session: { cwd: 'sub' },
      toolCall: { parallelism: 2 },
    });
    expect(options).toMatchObject({
      workspace,
      session: { id: 's1', cwd: 'sub' },
      sessionStore: sessions(),
      media: session.media,
      artifacts: session.artifacts,
      checkpoints: session.checkpoints?.store,
      permissions: { mode: 'full-auto' },
      toolCall: { parallelism: 2, settlementCommit: 'host' },
    });
    expect(() => session.toolSetOptions({ artifacts: session.artifacts } as never)).toThrow(
      "Session.toolSetOptions: artifacts is the session's own; open the session with what it needs instead of passing artifacts",
    );
    await session.close();
  });
});
