import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionArtifactStore } from './artifact-store.js';

let root = '';
let directory = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolcall-artifacts-'));
  directory = path.join(root, 'artifacts');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const text = (size: number, fill: string): string => fill.repeat(size);
const bytes = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('createSessionArtifactStore', () => {
  it('stores results, bytes and execution output under their names, atomically', async () => {
    const store = createSessionArtifactStore({ directory });
    expect(await store.put({ text: 'big', toolName: 'Grep', toolUseId: 'toolu_1' })).toEqual({
      address: 'artifact://Grep-toolu_1.txt',
      evicted: [],
    });
    const saved = (name: string, value: string) =>
      store.putBytes({
        bytes: bytes(value),
        name,
        mimeType: 'application/pdf',
        toolName: 'WebFetch',
        toolUseId: 'toolu_2',
      });
    expect([await saved('r.pdf', 'one'), await saved('r.pdf', 'two')]).toEqual([
      { address: 'artifact://r.pdf', evicted: [] },
      { address: 'artifact://r-2.pdf', evicted: [] },
    ]);
    expect((await readdir(directory)).sort()).toEqual(['Grep-toolu_1.txt', 'r-2.pdf', 'r.pdf']);
    expect(await readFile(path.join(directory, 'r.pdf'), 'utf8')).toBe('one');
  });

  it('keeps one artifact per execution, replaced as its output grows', async () => {
    const store = createSessionArtifactStore({ directory });
    let output = '';
    for (let poll = 0; poll < 5; poll += 1) {
      output += `poll ${poll}\n`;
      expect(
        await store.putExecutionOutput({ executionId: 'exec-7', bytes: bytes(output) }),
      ).toEqual({ address: 'artifact://execution-exec-7.txt', evicted: [] });
    }
    expect(await readdir(directory)).toEqual(['execution-exec-7.txt']);
    expect(await readFile(path.join(directory, 'execution-exec-7.txt'), 'utf8')).toBe(output);
  });

  it('evicts the oldest artifacts past the quota and reports each once', async () => {
    const store = createSessionArtifactStore({ directory, quotaBytes: 100 });
    const put = (id: string, size: number) =>
      store.put({ text: text(size, 'x'), toolName: 'Bash', toolUseId: id });
    expect(await put('a', 40)).toEqual({ address: 'artifact://Bash-a.txt', evicted: [] });
    expect(await put('b', 40)).toEqual({ address: 'artifact://Bash-b.txt', evicted: [] });
    expect(await put('c', 40)).toEqual({
      address: 'artifact://Bash-c.txt',
      evicted: ['artifact://Bash-a.txt'],
    });
    // The execution artifact grows past what the older ones leave room for.
    expect(
      await store.putExecutionOutput({ executionId: 'e1', bytes: bytes(text(90, 'y')) }),
    ).toEqual({
      address: 'artifact://execution-e1.txt',
      evicted: ['artifact://Bash-b.txt', 'artifact://Bash-c.txt'],
    });
    expect(store.takeEvicted()).toEqual([
      'artifact://Bash-a.txt',
      'artifact://Bash-b.txt',
      'artifact://Bash-c.txt',
    ]);
    expect(store.takeEvicted()).toEqual([]);
    expect(await readdir(directory)).toEqual(['execution-e1.txt']);
  });

  it('refuses an artifact larger than the whole quota and writes nothing', async () => {
    const store = createSessionArtifactStore({ directory, quotaBytes: 10 });
    await expect(
      store.put({ text: text(11, 'z'), toolName: 'Bash', toolUseId: 'big' }),
    ).rejects.toThrow("the artifact (11 bytes) exceeds the session's artifact quota of 10 bytes");
    expect(await readdir(directory).catch(() => [])).toEqual([]);
  });

  it('throws a TypeError naming a bad option', () => {
    expect(() => createSessionArtifactStore({ directory, quotaBytes: 0 })).toThrow(
      'createSessionArtifactStore: quotaBytes must be a positive integer, received 0',
    );
  });
});

// The child writes through the built store, as a host process would.
const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/index.js');
const WRITER = `
const { createSessionArtifactStore } = await import(process.argv[1]);
const store = createSessionArtifactStore({ directory: process.argv[2] });
const bytes = new Uint8Array(64 * 1024 * 1024).fill(0x62);
process.stdout.write('writing\\n');
await store.putExecutionOutput({ executionId: 'exec-1', bytes });
process.stdout.write('done\\n');
`;

describe('a writer killed mid-write', () => {
  it('leaves the previous complete artifact under the final name, and its temp is cleared', async () => {
    await mkdir(directory, { recursive: true });
    const previous = 'complete first version\n';
    const store = createSessionArtifactStore({ directory });
    await store.putExecutionOutput({ executionId: 'exec-1', bytes: bytes(previous) });
    const partial = new Promise<void>((resolve) => {
      const watcher = watch(directory, (_event, name) => {
        if (name?.toString().endsWith('.partial') === true) {
          watcher.close();
          resolve();
        }
      });
    });
    const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER, BUILT, directory], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    await partial;
    child.kill('SIGKILL');
    await exited;
    const final = path.join(directory, 'execution-exec-1.txt');
    const content = await readFile(final);
    // Either the kill came before the rename (the old version) or after it (all 64 MiB).
    if (content.length === 64 * 1024 * 1024) {
      expect(content.every((byte) => byte === 0x62)).toBe(true);
    } else {
      expect(content.toString('utf8')).toBe(previous);
    }
    // A store opened afterwards removes what the dead writer left behind.
    const next = createSessionArtifactStore({ directory });
    await next.put({ text: 'after', toolName: 'Bash', toolUseId: 'later' });
    expect((await readdir(directory)).sort()).toEqual(['Bash-later.txt', 'execution-exec-1.txt']);
    expect((await stat(final)).isFile()).toBe(true);
  }, 60_000);

  it('never leaves a partial file under the final name for a first write either', async () => {
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, 'unrelated.txt'), 'keep');
    const partial = new Promise<void>((resolve) => {
      const watcher = watch(directory, (_event, name) => {
        if (name?.toString().endsWith('.partial') === true) {
          watcher.close();
          resolve();
        }
      });
    });
    const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER, BUILT, directory], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    await partial;
    child.kill('SIGKILL');
    await exited;
    const names = (await readdir(directory)).filter((name) => !name.startsWith('.'));
    if (names.includes('execution-exec-1.txt')) {
      expect((await stat(path.join(directory, 'execution-exec-1.txt'))).size).toBe(
        64 * 1024 * 1024,
      );
    } else {
      expect(names).toEqual(['unrelated.txt']);
    }
  }, 60_000);
});
