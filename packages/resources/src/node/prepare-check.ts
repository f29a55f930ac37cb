import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ok, type Result } from '../result.js';
import { realRootOf, resolveContained } from './contained-path.js';

type EntryType = 'directory' | 'symlink' | 'other';

interface Listing {
  readonly at: number;
  readonly entries: ReadonlyMap<string, EntryType> | undefined;
}

const maxListings = 1024;
const maxEntries = 10_000;

/**
 * What prepare remembers for a short while: real roots and directory listings.
 * Only prepare's early rejection reads it; execute always resolves afresh with
 * realpath, so a stale entry can delay a refusal to execute but never let an
 * escape through.
 */
export class PrepareCache {
  readonly #ttl: number;
  readonly #now: () => number;
  readonly #roots = new Map<string, { readonly at: number; readonly real: string | undefined }>();
  readonly #listings = new Map<string, Listing>();

  constructor(options: { readonly ttlMs?: number; readonly now?: () => number } = {}) {
    this.#ttl = options.ttlMs ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  /** The current time on the cache's clock; one reading serves a whole walk. */
  now(): number {
    return this.#now();
  }

  /** The real path of a configured root, or undefined while it does not exist. */
  realRoot(root: string, now: number): string | undefined {
    const known = this.#roots.get(root);
    if (known !== undefined && now - known.at < this.#ttl) return known.real;
    const real = realRootOf(root);
    if (this.#roots.size >= maxListings) this.#roots.clear();
    this.#roots.set(root, { at: now, real });
    return real;
  }

  /** The type of `name` in `directory` (undefined when missing), or 'unknown' for huge directories. */
  entryType(directory: string, name: string, now: number): EntryType | 'missing' | 'unknown' {
    let listing = this.#listings.get(directory);
    if (listing === undefined || now - listing.at >= this.#ttl) {
      listing = { at: now, entries: readListing(directory) };
      if (this.#listings.size >= maxListings) this.#listings.clear();
      this.#listings.set(directory, listing);
    }
    if (listing.entries === undefined) return 'unknown';
    return listing.entries.get(name) ?? 'missing';
  }
}

function readListing(directory: string): ReadonlyMap<string, EntryType> | undefined {
  try {
    const dirents = readdirSync(directory, { withFileTypes: true });
    if (dirents.length > maxEntries) return undefined;
    const entries = new Map<string, EntryType>();
    for (const dirent of dirents) {
      entries.set(
        dirent.name,
        dirent.isSymbolicLink() ? 'symlink' : dirent.isDirectory() ? 'directory' : 'other',
      );
    }
    return entries;
  } catch {
    return undefined;
  }
}

/**
 * Prepare-time containment: walks the components through cached directory
 * listings and falls back to a full realpath resolution when it meets a symlink
 * (or a directory too large to list), so the common case makes no system call.
 */
export function precheckContainment(
  cache: PrepareCache,
  root: string,
  components: readonly string[],
  address: string,
): Result<void> {
  const now = cache.now();
  const realRoot = cache.realRoot(root, now);
  if (realRoot === undefined) return ok(undefined);
  let current = realRoot;
  for (let index = 0; index < components.length; index++) {
    const name = components[index]!;
    const type = cache.entryType(current, name, now);
    if (type === 'missing') return ok(undefined);
    if (type === 'symlink' || type === 'unknown') {
      const resolved = resolveContained(root, components, address);
      return resolved.success ? ok(undefined) : resolved;
    }
    // A file in the middle of the path means the rest is missing (ENOTDIR).
    if (type === 'other') return ok(undefined);
    current = current + path.sep + name;
  }
  return ok(undefined);
}
