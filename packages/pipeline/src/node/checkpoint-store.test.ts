import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolCallCheckpoint } from '../ptc/checkpoint.js';
import { createFileCheckpointStore } from './checkpoint-store.js';

const SHAPE =
  "expected a ToolCall checkpoint: { version: 1, envelopeId: string, state: 'running' | 'settled', children: [...] }.";

const good: ToolCallCheckpoint = { version: 1, envelopeId: 'E1', state: 'running', children: [] };

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
    expect(await store.list()).toEqual([good]);
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
    expect(await store.list()).toEqual([good]);
    expect((await readdir(directory)).sort()).toEqual(['E1.toolcall.json', live]);
    expect(warnings).toEqual([
      `Removed ${join(directory, stale)}, a checkpoint write its killed writer never finished.`,
    ]);
  });

  it('names the bad directory argument', () => {
    expect(() => createFileCheckpointStore('')).toThrow(
      new TypeError('createFileCheckpointStore: directory must be a non-empty path, received ""'),
    );
  });
});
