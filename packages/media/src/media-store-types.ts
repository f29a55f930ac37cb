import type { MediaCache } from './media-cache.js';
import type { MediaLimits } from './media-limits.js';
import type { ExtractedMarkers } from './media-marker.js';
import type {
  MediaBackend,
  MediaDigest,
  MediaFileReader,
  MediaPayload,
  MediaRecord,
  MediaReference,
} from './media-record.js';
import type { CaptureInput } from './normalize-capture-input.js';
import type { MediaResult } from './result.js';

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
