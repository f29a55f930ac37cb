import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaReference } from '../media-record.js';
import { encodeJpeg, encodePdf, encodePng, encodeWebp } from '../testing/encoders.js';
import { createFileMediaBackend } from './file-media-backend.js';
import { type MediaFileSystem, nodeFileSystem } from './file-system.js';
import { manifestName } from './manifest.js';
import { nodeSha256, openSessionMediaStore } from './open-session-media-store.js';

let session: string;
beforeEach(async () => {
  session = await fs.mkdtemp(join(tmpdir(), 'toolcall-media-'));
});
afterEach(async () => {
  await fs.rm(session, { recursive: true, force: true });
});

async function open(options: Partial<Parameters<typeof openSessionMediaStore>[0]> = {}) {
  const result = await openSessionMediaStore({ sessionDirectory: session, ...options });
  if (!result.success) throw result.error;
  return result.value;
}

async function listMedia() {
  return (await fs.readdir(join(session, 'media')).catch(() => [])).sort();
}

async function manifestLines() {
  const text = await fs.readFile(join(session, 'media', manifestName), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

describe('openSessionMediaStore', () => {
  it('publishes a content-addressed copy under <session>/media and lists it in the manifest', async () => {
    const store = await open();
    const png = encodePng(8, 8);
    const captured = await store.capture({ bytes: png, toolUseId: 'toolu_1', source: 'Read' });
    if (!captured.success) throw captured.error;
    const sha = nodeSha256(png) as string;
    expect(await listMedia()).toEqual([`${sha}.png`, manifestName].sort());
    expect(new Uint8Array(await fs.readFile(join(session, 'media', `${sha}.png`)))).toEqual(png);
    expect(await manifestLines()).toEqual([store.describe(captured.value)]);
  });

  it('replays from the published copy after a restart, never the original path', async () => {
    const original = join(session, 'photo.jpg');
    const jpeg = encodeJpeg(16, 16);
    await fs.writeFile(original, jpeg);
    const first = await open();
    const captured = await first.capture({ path: original, toolUseId: 't', source: 'Read' });
    if (!captured.success) throw captured.error;
    await fs.writeFile(original, encodePng(1, 1));
    const second = await open();
    const read = await second.read(captured.value);
    expect(read.success && [read.value.bytes, read.value.record.mimeType]).toEqual([
      jpeg,
      'image/jpeg',
    ]);
  });

  it('rereads a durable record after it is evicted from memory', async () => {
    const store = await open({ cacheMaxBytes: 10 });
    const png = encodePng(9, 9);
    const first = await store.capture({ bytes: png, toolUseId: 't', source: 's' });
    await store.capture({ bytes: encodePdf(), toolUseId: 't', source: 's' });
    if (!first.success) throw first.error;
    const evicted = !store.cache.has(first.value.recordId);
    const read = await store.read(first.value);
    expect([
      evicted,
      read.success && read.value.bytes,
      store.cache.has(first.value.recordId),
    ]).toEqual([true, png, true]);
  });

  it('writes one file and one record for concurrent captures of the same bytes', async () => {
    const store = await open();
    const webp = encodeWebp(3, 3);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => store.capture({ bytes: webp, toolUseId: 't', source: 's' })),
    );
    const ids = new Set(results.map((result) => result.success && result.value.recordId));
    expect([ids.size, (await listMedia()).length, (await manifestLines()).length]).toEqual([
      1, 2, 1,
    ]);
  });

  it('shares one published file between tool uses that captured the same bytes', async () => {
    const store = await open();
    const png = encodePng(2, 2);
    await Promise.all(
      ['a', 'b', 'c'].map((toolUseId) => store.capture({ bytes: png, toolUseId, source: 's' })),
    );
    expect([
      (await listMedia()).length,
      (await manifestLines()).map((line) => line.toolUseId).sort(),
    ]).toEqual([2, ['a', 'b', 'c']]);
  });

  it('captures by path with the extension as the declared type', async () => {
    const path = join(session, 'really-a-png.gif');
    await fs.writeFile(path, encodePng(2, 2));
    const store = await open();
    const result = await store.capture({ path, toolUseId: 't', source: 'Read' });
    const missing = await store.capture({
      path: join(session, 'nope.png'),
      toolUseId: 't',
      source: 'Read',
    });
    expect([result.success || result.error.code, missing.success || missing.error.message]).toEqual(
      ['type-mismatch', 'media file does not exist'],
    );
  });

  it('refuses a file over the limit before reading it', async () => {
    const path = join(session, 'big.png');
    await fs.writeFile(path, new Uint8Array(2048));
    const store = await open({ limits: { imageMaxBytes: 1000, documentMaxBytes: 1000 } });
    const result = await store.capture({ path, toolUseId: 't', source: 'Read' });
    expect(result.success || [result.error.code, result.error.message]).toEqual([
      'too-large',
      'file of 2048 bytes exceeds the 1000-byte limit',
    ]);
  });

  it('leaves no partial record when the write fails midway', async () => {
    const failing: MediaFileSystem = {
      ...nodeFileSystem,
      open: (async (path: string, flags: string) => {
        const handle = await fs.open(path, flags);
        return Object.assign(Object.create(handle), {
          writeFile: async (bytes: Uint8Array) => {
            await handle.write(bytes.subarray(0, bytes.length >> 1));
            throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
          },
          close: () => handle.close(),
        });
      }) as MediaFileSystem['open'],
    };
    const store = await open({ fileSystem: failing });
    const result = await store.capture({ bytes: encodePng(20, 20), toolUseId: 't', source: 's' });
    expect([result.success || result.error.code, store.records(), await listMedia()]).toEqual([
      'write-failed',
      [],
      [],
    ]);
    const retry = await (await open()).capture({
      bytes: encodePng(20, 20),
      toolUseId: 't',
      source: 's',
    });
    expect(retry.success).toBe(true);
  });

  it('leaves no record when the rename fails, even though its manifest line was written', async () => {
    const failing: MediaFileSystem = {
      ...nodeFileSystem,
      rename: async () => {
        throw Object.assign(new Error('cross-device link'), { code: 'EXDEV' });
      },
    };
    const store = await open({ fileSystem: failing });
    const result = await store.capture({ bytes: encodePng(2, 2), toolUseId: 't', source: 's' });
    await store.close();
    const listedBeforeReopen = (await manifestLines()).length;
    const reopened = await open();
    expect([
      result.success || result.error.code,
      store.records(),
      listedBeforeReopen,
      reopened.records(),
      await listMedia(),
      await manifestLines(),
    ]).toEqual(['write-failed', [], 1, [], [manifestName], []]);
  });

  it('rewrites the manifest without a corrupt line, atomically, when opened', async () => {
    const store = await open();
    const captured = await store.capture({ bytes: encodePng(2, 2), toolUseId: 't', source: 's' });
    if (!captured.success) throw captured.error;
    await store.close();
    const path = join(session, 'media', manifestName);
    const good = await fs.readFile(path, 'utf8');
    await fs.writeFile(path, `not json\n${good}{"recordId":"short"}\n`);
    const reopened = await open();
    expect([
      reopened.records().map((record) => record.recordId),
      await fs.readFile(path, 'utf8'),
      await listMedia(),
    ]).toEqual([
      [captured.value.recordId],
      good,
      [`${nodeSha256(encodePng(2, 2))}.png`, manifestName],
    ]);
  });

  it('ignores and repairs a manifest line torn by a crash mid-append', async () => {
    const store = await open();
    const captured = await store.capture({ bytes: encodePng(2, 2), toolUseId: 't', source: 's' });
    if (!captured.success) throw captured.error;
    await fs.appendFile(join(session, 'media', manifestName), '{"recordId":"abc');
    const reopened = await open();
    const known = reopened.records().length;
    const second = await reopened.capture({ bytes: encodePng(3, 3), toolUseId: 't', source: 's' });
    const final = await open();
    expect([known, second.success, final.records().map((record) => record.recordId)]).toEqual([
      1,
      true,
      [captured.value.recordId, second.success && second.value.recordId],
    ]);
  });

  it('leaves no record when the writing process is killed mid-write', async () => {
    const png = encodePng(64, 64, (x, y) => [x * 4, y * 4, (x * y) & 255], { level: 0 });
    const pngPath = join(session, 'input.png');
    await fs.writeFile(pngPath, png);
    const script = join(session, 'child.mjs');
    const nodeEntry = fileURLToPath(new URL('../../dist/node.js', import.meta.url));
    await fs.writeFile(
      script,
      `import * as fs from 'node:fs/promises';
import { openSessionMediaStore, nodeFileSystem } from ${JSON.stringify(nodeEntry)};
const hanging = { ...nodeFileSystem, open: async (path, flags) => {
  const handle = await fs.open(path, flags);
  if (!path.includes('.tmp-')) return handle;
  return Object.assign(Object.create(handle), {
    writeFile: async (bytes) => {
      await handle.write(bytes.subarray(0, bytes.length >> 1));
      process.stdout.write('mid-write\\n');
      await new Promise(() => {});
    },
  });
} };
const opened = await openSessionMediaStore({ sessionDirectory: process.argv[2], fileSystem: hanging });
await opened.value.capture({ path: process.argv[3], toolUseId: 'toolu_crash', source: 'Read' });
`,
    );
    const child = spawn(process.execPath, [script, session, pngPath], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('mid-write')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}: ${stderr}`)));
    });
    const leftBehind = (await listMedia()).filter((name) => name.startsWith('.tmp-')).length;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const store = await open();
    const retry = await store.capture({ bytes: png, toolUseId: 'toolu_crash', source: 'Read' });
    const read = retry.success ? await (await open()).read(retry.value as MediaReference) : retry;
    expect([leftBehind, store.records().length === 1, read.success && read.value.bytes]).toEqual([
      1,
      true,
      png,
    ]);
    expect((await listMedia()).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  }, 60_000);
});

describe('createFileMediaBackend', () => {
  it('throws a TypeError naming sessionDirectory when it is empty', () => {
    expect(() => createFileMediaBackend({ sessionDirectory: '' })).toThrow(
      'sessionDirectory must be a non-empty path, received ',
    );
  });
});

describe('openSessionMediaStore replay of markers', () => {
  it('validates markers from an earlier process through the manifest', async () => {
    const first = await open();
    const captured = await first.capture({
      bytes: encodePng(2, 2),
      toolUseId: 'toolu_9',
      source: 'Read',
    });
    if (!captured.success) throw captured.error;
    await first.close();
    const { appendMediaMarkers } = await import('../media-marker.js');
    const text = appendMediaMarkers('Read 1 image', [captured.value]);
    const second = await open();
    expect(second.stripMarkers(text, { toolUseId: 'toolu_9' })).toBe('Read 1 image');
  });

  it('fails path capture of a directory as read-failed', async () => {
    const store = await open();
    const result = await store.capture({ path: session, toolUseId: 't', source: 'Read' });
    expect(result.success || [result.error.code, result.error.message]).toEqual([
      'read-failed',
      'media path is not a regular file',
    ]);
  });
});
