import { createRecordId } from './digest.js';
import { createMediaCache } from './media-cache.js';
import { extractMediaMarkers } from './media-marker.js';
import type { MediaPayload, MediaRecord, MediaReference, StagedMedia } from './media-record.js';
import type { MediaStore, MediaStoreOptions } from './media-store-types.js';
import { mimeTypeFromPath } from './media-types.js';
import { type CaptureInput, normalizeCaptureInput } from './normalize-capture-input.js';
import { normalizeStoreOptions } from './normalize-store-options.js';
import { fail, type MediaResult, succeed } from './result.js';
import { validateMedia } from './validate-media.js';

function isWholeBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}

/** Creates a media store; give it a backend (see `@toolcall/media/node`) for durable records. */
export function createMediaStore(options: MediaStoreOptions = {}): MediaStore {
  const {
    backend,
    readFile,
    digest,
    now,
    limits,
    cacheMaxBytes,
    records: known,
  } = normalizeStoreOptions(options);
  const cache = createMediaCache({ maxBytes: cacheMaxBytes });
  const records = new Map<string, MediaRecord>();
  const byContent = new Map<string, string>();
  const inFlight = new Map<string, Promise<MediaResult<MediaReference>>>();
  const contentKey = (sha256: string, toolUseId: string) => `${sha256}\u0000${toolUseId}`;
  for (const given of known) {
    const record = Object.freeze({ ...given });
    records.set(record.recordId, record);
    byContent.set(contentKey(record.sha256, record.toolUseId), record.recordId);
  }
  const ownedRecord = (reference: MediaReference) => {
    const record = records.get(reference.recordId);
    return record !== undefined && record.toolUseId === reference.toolUseId ? record : undefined;
  };

  async function publish(
    bytes: Uint8Array,
    info: Omit<MediaRecord, 'recordId' | 'durable' | 'capturedAt'>,
    staged: StagedMedia | undefined,
  ): Promise<MediaResult<MediaReference>> {
    const record: MediaRecord = Object.freeze({
      recordId: createRecordId(),
      ...info,
      durable: backend !== undefined,
      capturedAt: now().toISOString(),
    });
    if (backend !== undefined) {
      const published = await (staged?.publish(record) ?? backend.publish(record, bytes));
      if (!published.success) return published;
    }
    records.set(record.recordId, record);
    byContent.set(contentKey(record.sha256, record.toolUseId), record.recordId);
    cache.set(record.recordId, bytes);
    return succeed({ recordId: record.recordId, toolUseId: record.toolUseId });
  }

  async function capture(input: CaptureInput): Promise<MediaResult<MediaReference>> {
    const { bytes: given, path, mimeType, toolUseId, source } = normalizeCaptureInput(input);
    let bytes = given;
    if (path !== undefined) {
      if (readFile === undefined) {
        throw new TypeError('capture({ path }) needs the readFile option; pass bytes instead');
      }
      const read = await readFile(path, {
        maxBytes: Math.max(limits.imageMaxBytes, limits.documentMaxBytes),
      });
      if (!read.success) return read;
      bytes = read.value;
    }
    const validated = validateMedia(bytes!, {
      mimeType: mimeType ?? (path === undefined ? undefined : mimeTypeFromPath(path)),
      limits,
    });
    if (!validated.success) return validated;
    // The store takes ownership of whole buffers: copying 200 KB per capture
    // cost more than the durable write itself. A view into a larger buffer is
    // copied, so a record never pins memory it does not use.
    const owned = isWholeBuffer(bytes!) ? bytes! : bytes!.slice();
    // Start the durable write before hashing so the two overlap.
    const staged = backend?.stage?.(owned);
    await staged?.started;
    const sha256 = await digest(owned);
    const key = contentKey(sha256, toolUseId);
    const existing = byContent.get(key);
    if (existing !== undefined) {
      await staged?.discard();
      if (!cache.has(existing)) cache.set(existing, owned);
      return succeed({ recordId: existing, toolUseId });
    }
    const pending = inFlight.get(key);
    if (pending !== undefined) {
      await staged?.discard();
      return pending;
    }
    const published = publish(owned, { ...validated.value, toolUseId, source, sha256 }, staged);
    inFlight.set(key, published);
    try {
      return await published;
    } finally {
      inFlight.delete(key);
    }
  }

  async function read(reference: MediaReference): Promise<MediaResult<MediaPayload>> {
    const record = ownedRecord(reference);
    if (record === undefined) {
      return fail('not-found', 'no media record for this reference', {
        recordId: reference.recordId,
      });
    }
    const cached = cache.get(record.recordId);
    if (cached !== undefined) return succeed({ record, bytes: cached });
    if (!record.durable || backend === undefined) {
      return fail('unavailable', 'media was evicted from memory and has no durable copy', {
        recordId: record.recordId,
        mimeType: record.mimeType,
      });
    }
    const reread = await backend.read(record);
    if (!reread.success) return reread;
    if ((await digest(reread.value)) !== record.sha256) {
      return fail('unavailable', 'the published copy no longer matches its content address', {
        recordId: record.recordId,
        mimeType: record.mimeType,
      });
    }
    cache.set(record.recordId, reread.value);
    return succeed({ record, bytes: reread.value });
  }

  const extractMarkers = (text: string, { toolUseId }: { toolUseId?: string } = {}) =>
    extractMediaMarkers(text, {
      isValid: (reference) =>
        ownedRecord(reference) !== undefined &&
        (toolUseId === undefined || reference.toolUseId === toolUseId),
    });

  return {
    capture,
    read,
    describe: ownedRecord,
    extractMarkers,
    stripMarkers: (text, options) => extractMarkers(text, options).text,
    records: () => [...records.values()],
    close: async () => {
      await Promise.allSettled(inFlight.values());
      await backend?.close?.();
    },
    cache,
  };
}
