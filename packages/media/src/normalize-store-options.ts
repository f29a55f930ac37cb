import { webCryptoSha256 } from './digest.js';
import { defaultCacheMaxBytes } from './media-cache.js';
import { type MediaLimits, normalizeMediaLimits, requireByteCount } from './media-limits.js';
import type { MediaBackend, MediaDigest, MediaFileReader, MediaRecord } from './media-record.js';
import type { MediaStoreOptions } from './media-store-types.js';

/** Store options with defaults applied and each one checked. */
export interface NormalizedStoreOptions {
  cacheMaxBytes: number;
  limits: MediaLimits;
  backend: MediaBackend | undefined;
  records: readonly MediaRecord[];
  readFile: MediaFileReader | undefined;
  digest: MediaDigest;
  now: () => Date;
}

function requireFunction(option: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(`${option} must be a function, received ${typeof value}`);
  }
}

/** Normalises createMediaStore options once, throwing a TypeError naming a bad option. */
export function normalizeStoreOptions(options: MediaStoreOptions): NormalizedStoreOptions {
  const given: MediaStoreOptions = Object.assign(Object.create(null), options);
  requireFunction('readFile', given.readFile);
  requireFunction('digest', given.digest);
  requireFunction('now', given.now);
  const { backend } = given;
  if (
    backend !== undefined &&
    (typeof backend?.publish !== 'function' || typeof backend.read !== 'function')
  ) {
    throw new TypeError('backend must have publish and read methods');
  }
  if (given.records !== undefined && !Array.isArray(given.records)) {
    throw new TypeError(`records must be an array, received ${typeof given.records}`);
  }
  return {
    cacheMaxBytes: requireByteCount('cacheMaxBytes', given.cacheMaxBytes ?? defaultCacheMaxBytes),
    limits: normalizeMediaLimits(given.limits),
    backend,
    records: given.records ?? [],
    readFile: given.readFile,
    digest: given.digest ?? webCryptoSha256,
    now: given.now ?? (() => new Date()),
  };
}
