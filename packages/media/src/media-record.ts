import type { MediaResult } from './result.js';
import type { MediaInfo } from './validate-media.js';

/** The opaque handle a transcript holds: a record id and the tool use that owns it, nothing else. */
export interface MediaReference {
  recordId: string;
  toolUseId: string;
}

/** Everything known about a captured record except its bytes. */
export interface MediaRecord extends MediaInfo {
  recordId: string;
  /** The tool use that captured the media and owns the record. */
  toolUseId: string;
  /** Free-form provenance label given at capture (a tool name or an address). */
  source: string;
  /** Lower-case hex SHA-256 of the bytes: the content address of the durable copy. */
  sha256: string;
  /** Whether a published copy exists that survives eviction and restarts. */
  durable: boolean;
  /** ISO-8601 capture time. */
  capturedAt: string;
}

/** A record together with its bytes, as replay hands it to payload conversion. */
export interface MediaPayload {
  record: MediaRecord;
  bytes: Uint8Array;
}

/** Bytes a backend has started writing before their content address is known. */
export interface StagedMedia {
  /** Settles once the write is under way (or has failed), so hashing can run beside it. */
  started: Promise<void>;
  /** Publishes the staged bytes as `record` (same contract as MediaBackend.publish). */
  publish(record: MediaRecord): Promise<MediaResult<void>>;
  /** Abandons the staged bytes, removing anything written. */
  discard(): Promise<void>;
}

/** Durable storage a MediaStore publishes to and rereads from (the Node file store implements it). */
export interface MediaBackend {
  /** Publishes the bytes once under their content address and lists the record in the manifest. */
  publish(record: MediaRecord, bytes: Uint8Array): Promise<MediaResult<void>>;
  /** Optionally starts writing bytes early, so the write overlaps hashing; publish or discard follows. */
  stage?(bytes: Uint8Array): StagedMedia;
  /** Reads the published copy of a record's bytes. */
  read(record: MediaRecord): Promise<MediaResult<Uint8Array>>;
  /** Finishes pending writes and releases held resources. */
  close?(): Promise<void>;
}

/** Reads a file for path capture, refusing files larger than `maxBytes`. */
export type MediaFileReader = (
  path: string,
  options: { maxBytes: number },
) => Promise<MediaResult<Uint8Array>>;

/** Computes the lower-case hex SHA-256 of bytes. */
export type MediaDigest = (bytes: Uint8Array) => string | Promise<string>;
