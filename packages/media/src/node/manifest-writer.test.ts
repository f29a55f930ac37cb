import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MediaFileSystem, nodeFileSystem } from './file-system.js';
import { manifestName } from './manifest.js';
import { createManifestWriter } from './manifest-writer.js';

let directory: string;
beforeEach(async () => {
  directory = await fs.mkdtemp(join(tmpdir(), 'toolcall-manifest-'));
});
afterEach(async () => {
  await fs.rm(directory, { recursive: true, force: true });
});

function countingFileSystem() {
  const counts = { opens: 0, closes: 0 };
  const fileSystem: MediaFileSystem = {
    ...nodeFileSystem,
    open: (async (path: string, flags: string) => {
      counts.opens++;
      const handle = await fs.open(path, flags);
      return Object.assign(Object.create(handle), {
        write: (...args: unknown[]) => (handle.write as (...a: unknown[]) => unknown)(...args),
        close: () => {
          counts.closes++;
          return handle.close();
        },
      });
    }) as MediaFileSystem['open'],
  };
  return { fileSystem, counts };
}

describe('createManifestWriter', () => {
  it('appends concurrent lines whole and in call order through one handle', async () => {
    const { fileSystem, counts } = countingFileSystem();
    const writer = createManifestWriter(fileSystem, directory);
    const lines = Array.from({ length: 50 }, (_, index) => `{"n":${index}}\n`);
    await Promise.all(lines.map((line) => writer.append(line)));
    await writer.close();
    expect([await fs.readFile(join(directory, manifestName), 'utf8'), counts]).toEqual([
      lines.join(''),
      { opens: 1, closes: 1 },
    ]);
  });

  it('rejects an append that cannot be written and recovers on the next one', async () => {
    let failNext = true;
    const fileSystem: MediaFileSystem = {
      ...nodeFileSystem,
      open: (async (path: string, flags: string) => {
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error('busy'), { code: 'EMFILE' });
        }
        return fs.open(path, flags);
      }) as MediaFileSystem['open'],
    };
    const writer = createManifestWriter(fileSystem, directory);
    await expect(writer.append('{"n":1}\n')).rejects.toThrow('busy');
    await writer.append('{"n":2}\n');
    await writer.close();
    expect(await fs.readFile(join(directory, manifestName), 'utf8')).toBe('{"n":2}\n');
  });
});
