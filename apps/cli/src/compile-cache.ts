import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** A CommonJS bundle loaded through V8's code cache. */
export interface CachedBundle<T> {
  readonly exports: T;
  /** Whether V8 accepted the saved code cache. */
  readonly fromCache: boolean;
  /**
   * Saves the code cache for the next start when there was none or V8 rejected it (another
   * Node version, another build). Call it after the work: the cache then also holds every
   * function compiled so far. Best effort: a read-only directory just means no cache.
   */
  saveCache(): void;
}

/**
 * Loads the CommonJS bundle at `url` the way Node would, compiling it with the code cache kept
 * beside it (`FILE.<node version>-<arch>.cache`), so a start skips most of parsing and
 * compiling it. The cache names the bundle's size and modification time: a rebuilt bundle
 * never runs against a stale cache. `NODE_DISABLE_COMPILE_CACHE` turns the cache off.
 */
export function loadCachedBundle<T>(url: URL): CachedBundle<T> {
  const file = fileURLToPath(url);
  const source = readFileSync(file, 'utf8');
  const enabled = !process.env.NODE_DISABLE_COMPILE_CACHE;
  const cacheFile = `${file}.${process.version}-${process.arch}.cache`;
  const { size, mtimeMs } = statSync(file);
  const stamp = Buffer.from(`${size}:${mtimeMs}\n`);
  let cachedData: Buffer | undefined;
  if (enabled) {
    try {
      const saved = readFileSync(cacheFile);
      if (saved.subarray(0, stamp.length).equals(stamp)) cachedData = saved.subarray(stamp.length);
    } catch {
      // No cache yet.
    }
  }
  // Node's own module wrapper, on the first line so line numbers stay the bundle's.
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    { filename: file, ...(cachedData === undefined ? {} : { cachedData }) },
  );
  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    fromCache: cachedData !== undefined && !script.cachedDataRejected,
    saveCache() {
      if (!enabled || (cachedData !== undefined && !script.cachedDataRejected)) return;
      const temporary = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(temporary, Buffer.concat([stamp, script.createCachedData()]));
        renameSync(temporary, cacheFile);
      } catch {
        // A directory we cannot write to: start without the cache.
        rmSync(temporary, { force: true });
      }
    },
  };
}
