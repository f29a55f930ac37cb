import { describe, expect, it } from 'vitest';
import type { MediaBackend, MediaRecord } from './media-record.js';
import { createMediaStore } from './media-store.js';
import { fail, succeed } from './result.js';
import { encodeGif, encodePdf, encodePng } from './testing/encoders.js';

const png = encodePng(4, 4);
const fixedNow = () => new Date('2026-01-02T03:04:05.000Z');

function memoryBackend() {
  const published = new Map<string, Uint8Array>();
  const backend: MediaBackend = {
    async publish(record, bytes) {
      published.set(record.recordId, bytes.slice());
      return succeed(undefined);
    },
    async read(record) {
      const bytes = published.get(record.recordId);
      return bytes === undefined ? fail('unavailable', 'gone') : succeed(bytes.slice());
    },
  };
  return { backend, published };
}

describe('createMediaStore', () => {
  it('returns a reference holding only the record id and the owning tool use id', async () => {
    const store = createMediaStore({ now: fixedNow });
    const result = await store.capture({ bytes: png, toolUseId: 'toolu_1', source: 'Read' });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(Object.keys(result.value).sort()).toEqual(['recordId', 'toolUseId']);
    expect(result.value.recordId).toMatch(/^[0-9a-f]{32}$/);
    expect(store.describe(result.value)).toEqual({
      recordId: result.value.recordId,
      toolUseId: 'toolu_1',
      source: 'Read',
      mimeType: 'image/png',
      kind: 'image',
      byteLength: png.length,
      width: 4,
      height: 4,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      durable: false,
      capturedAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('fails capture with the validation error and records nothing', async () => {
    const store = createMediaStore();
    const result = await store.capture({
      bytes: png,
      mimeType: 'image/gif',
      toolUseId: 't',
      source: 'WebFetch',
    });
    expect(result.success || [result.error.code, store.records()]).toEqual(['type-mismatch', []]);
  });

  it('copies a view into a larger buffer, so later writes to that buffer change nothing', async () => {
    const store = createMediaStore();
    const backing = new Uint8Array(png.length + 10);
    backing.set(png, 5);
    const reference = await store.capture({
      bytes: backing.subarray(5, 5 + png.length),
      toolUseId: 't',
      source: 's',
    });
    backing.fill(0);
    const read = reference.success ? await store.read(reference.value) : reference;
    expect(read.success && [read.value.bytes, read.value.bytes.buffer.byteLength]).toEqual([
      png,
      png.length,
    ]);
  });

  it('gives concurrent captures of the same bytes by one tool use a single record', async () => {
    const store = createMediaStore();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => store.capture({ bytes: png, toolUseId: 't', source: 's' })),
    );
    const ids = new Set(results.map((result) => result.success && result.value.recordId));
    expect([ids.size, store.records().length]).toEqual([1, 1]);
  });

  it('keeps a separate record per owning tool use for the same bytes', async () => {
    const store = createMediaStore();
    const first = await store.capture({ bytes: png, toolUseId: 'a', source: 's' });
    const second = await store.capture({ bytes: png, toolUseId: 'b', source: 's' });
    expect([
      first.success && second.success,
      store.records().map((record) => record.toolUseId),
    ]).toEqual([true, ['a', 'b']]);
  });

  it('reports not-found for a reference claimed by another tool use', async () => {
    const store = createMediaStore();
    const captured = await store.capture({ bytes: png, toolUseId: 'a', source: 's' });
    if (!captured.success) throw captured.error;
    const forged = { recordId: captured.value.recordId, toolUseId: 'b' };
    const read = await store.read(forged);
    expect([store.describe(forged), read.success || read.error.code]).toEqual([
      undefined,
      'not-found',
    ]);
  });

  it('evicts oldest first under the byte budget and reports evicted in-memory records unavailable', async () => {
    const images = [encodePng(3, 3), encodeGif(5, 5), encodePng(6, 2)];
    const store = createMediaStore({ cacheMaxBytes: images[1]!.length + images[2]!.length });
    const references = [];
    for (const bytes of images) {
      const result = await store.capture({ bytes, toolUseId: 't', source: 's' });
      if (!result.success) throw result.error;
      references.push(result.value);
    }
    const reads = await Promise.all(references.map((reference) => store.read(reference)));
    expect(reads.map((read) => (read.success ? 'ok' : read.error.code))).toEqual([
      'unavailable',
      'ok',
      'ok',
    ]);
    expect(store.cache.keys()).toEqual(references.slice(1).map((reference) => reference.recordId));
  });

  it('rereads a durable record from its backend after eviction', async () => {
    const { backend, published } = memoryBackend();
    const pdf = encodePdf();
    const store = createMediaStore({ backend, cacheMaxBytes: 1 });
    const first = await store.capture({ bytes: png, toolUseId: 't', source: 's' });
    await store.capture({ bytes: pdf, toolUseId: 't', source: 's' });
    if (!first.success) throw first.error;
    expect(store.cache.has(first.value.recordId)).toBe(false);
    const read = await store.read(first.value);
    expect([
      published.size,
      read.success && read.value.bytes,
      read.success && read.value.record.durable,
    ]).toEqual([2, png, true]);
  });

  it('reports unavailable when a published copy no longer matches its content address', async () => {
    const { backend, published } = memoryBackend();
    const store = createMediaStore({ backend, cacheMaxBytes: 0 });
    const first = await store.capture({ bytes: png, toolUseId: 't', source: 's' });
    await store.capture({ bytes: encodeGif(2, 2), toolUseId: 't', source: 's' });
    if (!first.success) throw first.error;
    published.set(first.value.recordId, new Uint8Array(png.length));
    const read = await store.read(first.value);
    expect(read.success || read.error.message).toBe(
      'the published copy no longer matches its content address',
    );
  });

  it('knows records it was opened with, for replay after a restart', async () => {
    const { backend } = memoryBackend();
    const earlier = createMediaStore({ backend });
    const captured = await earlier.capture({ bytes: png, toolUseId: 't', source: 's' });
    if (!captured.success) throw captured.error;
    const later = createMediaStore({ backend, records: earlier.records() as MediaRecord[] });
    const read = await later.read(captured.value);
    expect(read.success && read.value.bytes).toEqual(png);
  });

  it('throws a TypeError naming a bad option', () => {
    expect(() => createMediaStore({ cacheMaxBytes: 1.5 })).toThrow(
      'cacheMaxBytes must be a non-negative integer number of bytes, received 1.5',
    );
    expect(() => createMediaStore({ digest: 'sha256' as never })).toThrow(
      'digest must be a function, received string',
    );
    expect(() => createMediaStore({ backend: {} as never })).toThrow(
      'backend must have publish and read methods',
    );
  });

  it('throws a TypeError for input that is a programmer mistake', async () => {
    const store = createMediaStore();
    await expect(store.capture({ toolUseId: 't', source: 's' })).rejects.toThrow(
      'capture input must have exactly one of bytes or path',
    );
    await expect(store.capture({ bytes: png, toolUseId: '', source: 's' })).rejects.toThrow(
      'capture input toolUseId must be a non-empty string, received string',
    );
    await expect(store.capture({ path: '/x.png', toolUseId: 't', source: 's' })).rejects.toThrow(
      'capture({ path }) needs the readFile option; pass bytes instead',
    );
  });
});
