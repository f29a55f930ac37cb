import { requireByteCount } from './media-limits.js';

/** The default in-memory retention bound: 25 MiB of payload bytes. */
export const defaultCacheMaxBytes = 25 * 1024 * 1024;

/** A byte-bounded, least-recently-used map from record id to payload bytes. */
export interface MediaCache {
  /** Stores bytes under `key` as the newest entry, then evicts oldest entries past the bound. */
  set(key: string, bytes: Uint8Array): void;
  /** Returns the bytes under `key` and marks the entry most recently used, or undefined. */
  get(key: string): Uint8Array | undefined;
  /** Whether `key` is held, without touching its recency. */
  has(key: string): boolean;
  /** Drops `key`; returns whether it was held. */
  delete(key: string): boolean;
  /** Held keys, least recently used first. */
  keys(): string[];
  /** Number of entries held. */
  readonly size: number;
  /** Sum of the held entries' byte lengths. */
  readonly byteSize: number;
  /** The retention bound in bytes. */
  readonly maxBytes: number;
}

/** Options for createMediaCache. */
export interface MediaCacheOptions {
  /** Retention bound in payload bytes (default 25 MiB). */
  maxBytes?: number;
  /** Called with each key evicted to honour the bound. */
  onEvict?: (key: string) => void;
}

/**
 * Creates a cache that drops least-recently-used entries first once the byte
 * bound is exceeded, but always keeps the newest entry even when it alone is larger.
 */
export function createMediaCache({
  maxBytes = defaultCacheMaxBytes,
  onEvict,
}: MediaCacheOptions = {}): MediaCache {
  requireByteCount('maxBytes', maxBytes);
  // A Map iterates in insertion order; re-inserting on use makes that LRU order.
  const entries = new Map<string, Uint8Array>();
  let byteSize = 0;

  const remove = (key: string): boolean => {
    const bytes = entries.get(key);
    if (bytes === undefined) return false;
    entries.delete(key);
    byteSize -= bytes.length;
    return true;
  };

  return {
    set(key, bytes) {
      remove(key);
      entries.set(key, bytes);
      byteSize += bytes.length;
      while (byteSize > maxBytes && entries.size > 1) {
        const oldest = entries.keys().next().value as string;
        remove(oldest);
        onEvict?.(oldest);
      }
    },
    get(key) {
      const bytes = entries.get(key);
      if (bytes !== undefined) {
        entries.delete(key);
        entries.set(key, bytes);
      }
      return bytes;
    },
    has: (key) => entries.has(key),
    delete: remove,
    keys: () => [...entries.keys()],
    get size() {
      return entries.size;
    },
    get byteSize() {
      return byteSize;
    },
    maxBytes,
  };
}
