import { createRecordId, webCryptoSha256 } from './digest.js';
import { createMediaCache, defaultCacheMaxBytes, type MediaCache } from './media-cache.js';
import { type MediaLimits, normalizeMediaLimits, requireByteCount } from './media-limits.js';
import { type ExtractedMarkers, extractMediaMarkers } from './media-marker.js';
import type {
  MediaBackend,
  MediaDigest,
  MediaFileReader,
  MediaPayload,
  MediaRecord,
  MediaReference,
  StagedMedia,
} from './media-record.js';
import { mimeTypeFromPath } from './media-types.js';
import { type CaptureInput, normalizeCaptureInput } from './normalize-capture-input.js';
import { fail, type MediaResult, succeed } from './result.js';
import { validateMedia } from './validate-media.js';

/** Options for createMediaStore. */
export interface MediaStoreOptions {
  /** In-memory retention bound in payload bytes (default 25 MiB). */
  cacheMaxBytes?: number;
  limits?: Partial<MediaLimits>;
  /** Durable storage; without it records live only in memory. */
  backend?: MediaBackend;
  /** Records already published (a manifest read at session start), known for replay. */
  records?: readonly MediaRecord[];
  /** Reads files for `capture({ path })`; required to capture by path. */
  readFile?: MediaFileReader;
  /** SHA-256 implementation (default Web Crypto). */
  digest?: MediaDigest;
  /** Clock for capture times. */
  now?: () => Date;
}

/** Captures, retains, replays and recognises media records for one session. */
export interface MediaStore {
  /**
   * Validates and records media, returning only its opaque reference. Takes
   * ownership of `bytes`: do not modify them afterwards (pass a copy if you must).
   */
  capture(input: CaptureInput): Promise<MediaResult<MediaReference>>;
  /** Replays a record's bytes: from memory, else from its published copy, never the original path. */
  read(reference: MediaReference): Promise<MediaResult<MediaPayload>>;
  /** The record a reference names, when it exists and is owned by the reference's tool use. */
  describe(reference: MediaReference): MediaRecord | undefined;
  /** Removes validated markers (owned by `toolUseId`, when given) and returns their references. */
  extractMarkers(text: string, options?: { toolUseId?: string }): ExtractedMarkers;
  /** Returns text with validated markers removed, for hooks and other text consumers. */
  stripMarkers(text: string, options?: { toolUseId?: string }): string;
  /** Every known record, oldest capture first. */
  records(): MediaRecord[];
  /** Finishes pending durable writes and releases the backend's resources. */
  close(): Promise<void>;
  /** The in-memory retention of payload bytes, keyed by record id. */
  readonly cache: MediaCache;
}

function isWholeBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}

/** Creates a media store; give it a backend (see `@toolcall/media/node`) for durable records. */
export function createMediaStore(options: MediaStoreOptions = {}): MediaStore {
  const { backend, readFile, digest = webCryptoSha256, now = () => new Date() } = options;
  const limits = normalizeMediaLimits(options.limits);
  const cache = createMediaCache({
    maxBytes: requireByteCount('cacheMaxBytes', options.cacheMaxBytes ?? defaultCacheMaxBytes),
  });
  const records = new Map<string, MediaRecord>();
  const byContent = new Map<string, string>();
  const inFlight = new Map<string, Promise<MediaResult<MediaReference>>>();
  const contentKey = (sha256: string, toolUseId: string) => `${sha256}\u0000${toolUseId}`;
  for (const given of options.records ?? []) {
    const record = Object.freeze({ ...given });
    records.set(record.recordId, record);
    byContent.set(contentKey(record.sha256, record.toolUseId), record.recordId);
  }
  const owned = (reference: MediaReference) => {
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
    const record = owned(reference);
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
        owned(reference) !== undefined &&
        (toolUseId === undefined || reference.toolUseId === toolUseId),
    });

  return {
    capture,
    read,
    describe: (reference) => owned(reference),
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
