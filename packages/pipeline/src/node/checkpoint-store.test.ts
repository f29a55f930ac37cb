import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolCallCheckpoint } from '../ptc/checkpoint.js';
import { createFileCheckpointStore } from './checkpoint-store.js';

const SHAPE =
  "expected a ToolCall checkpoint: { version: 1, envelopeId: string, state: 'running' | 'settled', children: [...] }.";

const good: ToolCallCheckpoint = { version: 1, envelopeId: 'E1', state: 'running', children: [] };
/** What the store stamps on each checkpoint this process writes. */
const self = { pid: process.pid, host: hostname(), started: performance.timeOrigin };

let directory: string;
beforeEach(async () => {
  directory = join(await mkdtemp(join(tmpdir(), 'ptc-store-')), 'checkpoints');
  await mkdir(directory);
});
afterEach(() => rm(join(directory, '..'), { recursive: true, force: true }));

/** The pid of a real process that has exited. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

describe('createFileCheckpointStore', () => {
  it('skips a corrupt file and one of another version, naming each and the expected shape', async () => {
    const warnings: string[] = [];
    const store = createFileCheckpointStore(directory, {
      onWarning: (message) => warnings.push(message),
    });
    await store.write(good);
    await writeFile(join(directory, 'A.toolcall.json'), '{"version":1,"envelopeId":"A\u0001"');
    await writeFile(
      join(directory, 'B.toolcall.json'),
      JSON.stringify({ ...good, envelopeId: 'B', version: 2 }),
    );
    expect(await store.list()).toEqual([{ ...good, writer: self }]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.startsWith(`Skipped ${join(directory, 'A.toolcall.json')}: `)).toBe(true);
    expect(warnings[0]?.endsWith(`; ${SHAPE}`)).toBe(true);
    expect(warnings[1]).toBe(
      `Skipped ${join(directory, 'B.toolcall.json')}: its version is 2; ${SHAPE}`,
    );
    // Skipped files stay for a person to inspect.
    expect((await readdir(directory)).sort()).toEqual([
      'A.toolcall.json',
      'B.toolcall.json',
      'E1.toolcall.json',
    ]);
  });

  it("removes a killed writer's temporary file and keeps one still being written", async () => {
    const warnings: string[] = [];
    const store = createFileCheckpointStore(directory, {
      onWarning: (message) => warnings.push(message),
    });
    const stale = `E2.toolcall.json.${await endedPid()}.tmp`;
    const live = `E3.toolcall.json.${process.pid}.tmp`;
    await writeFile(join(directory, stale), '{"version":1,');
    await writeFile(join(directory, live), '{"version":1,');
    await store.write(good);
    expect(await store.list()).toEqual([{ ...good, writer: self }]);
    expect((await readdir(directory)).sort()).toEqual(['E1.toolcall.json', live]);
    expect(warnings).toEqual([
      `Removed ${join(directory, stale)}, a checkpoint write its killed writer never finished.`,
    ]);
  });

  it('stamps each checkpoint with this process as its writer, which still runs', async () => {
    const store = createFileCheckpointStore(directory);
    // A writer the caller passed is replaced: the writer is whoever wrote the file.
    await store.write({ ...good, writer: { pid: 1, host: 'elsewhere', started: 0 } });
    const [listed] = await store.list();
    expect(listed).toEqual({ ...good, writer: self });
    expect(await store.isWriterRunning?.(listed as ToolCallCheckpoint)).toBe(true);
  });

  it('tells a writer that ended, or whose pid a later process reuses, from one still running', async () => {
    const store = createFileCheckpointStore(directory);
    const running = async (writer: ToolCallCheckpoint['writer']) =>
      store.isWriterRunning?.({ ...good, ...(writer === undefined ? {} : { writer }) });
    // Written before stores stamped a writer: counts as ended, as recovery always assumed.
    expect(await running(undefined)).toBe(false);
    expect(await running({ ...self, pid: await endedPid() })).toBe(false);
    // This process's pid, but an earlier start: a process before this one had the pid.
    expect(await running({ ...self, started: performance.timeOrigin - 60_000 })).toBe(false);
    // Another host's processes cannot be seen from here: left alone.
    expect(await running({ ...self, host: `not-${hostname()}` })).toBe(true);
    expect(await running({ ...self, pid: await endedPid(), host: `not-${hostname()}` })).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'counts a live process that started after the writer as a reused pid',
    async () => {
      const store = createFileCheckpointStore(directory);
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      const exited = new Promise((resolve) => child.on('exit', resolve));
      try {
        await new Promise((resolve) => child.on('spawn', resolve));
        const pid = child.pid as number;
        const writer = (started: number) => ({ ...good, writer: { ...self, pid, started } });
        expect(await store.isWriterRunning?.(writer(Date.now()))).toBe(true);
        expect(await store.isWriterRunning?.(writer(Date.now() - 60_000))).toBe(false);
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
    },
  );

  it('reads a file without a writer and skips one whose writer is malformed', async () => {
    const warnings: string[] = [];
    const store = createFileCheckpointStore(directory, {
      onWarning: (message) => warnings.push(message),
    });
    await writeFile(join(directory, 'E1.toolcall.json'), JSON.stringify(good));
    await writeFile(
      join(directory, 'E2.toolcall.json'),
      JSON.stringify({ ...good, envelopeId: 'E2', writer: { pid: -1, host: 'h', started: 0 } }),
    );
    expect(await store.list()).toEqual([good]);
    expect(warnings).toEqual([
      `Skipped ${join(directory, 'E2.toolcall.json')}: its writer has no positive integer pid; ${SHAPE}`,
    ]);
  });

  it('names the bad directory argument', () => {
    expect(() => createFileCheckpointStore('')).toThrow(
      new TypeError('createFileCheckpointStore: directory must be a non-empty path, received ""'),
    );
  });
});
