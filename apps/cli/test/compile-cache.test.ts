import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCachedBundle } from '../src/compile-cache.js';
import { tempDir } from './helpers.js';

function bundle(body: string) {
  const file = join(tempDir('toolcall-cache-'), 'main.cjs');
  writeFileSync(file, `"use strict";\n${body}\n`);
  return {
    file,
    url: pathToFileURL(file),
    cache: `${file}.${process.version}-${process.arch}.cache`,
  };
}

describe('loadCachedBundle', () => {
  afterEach(() => {
    delete process.env.NODE_DISABLE_COMPILE_CACHE;
  });

  it('runs the bundle as CommonJS, saves its code cache and starts from it next time', () => {
    const { url, cache } = bundle(
      'exports.answer = () => 42; exports.file = __filename; exports.path = require("node:path").sep;',
    );
    const first = loadCachedBundle<{ answer(): number; file: string; path: string }>(url);
    expect([
      first.exports.answer(),
      first.exports.file,
      first.exports.path,
      first.fromCache,
    ]).toEqual([42, url.pathname, '/', false]);
    expect(existsSync(cache)).toBe(false);
    first.saveCache();
    expect(existsSync(cache)).toBe(true);
    const second = loadCachedBundle<{ answer(): number }>(url);
    expect([second.exports.answer(), second.fromCache]).toEqual([42, true]);
  });

  it('never runs a rebuilt bundle against the cache of the previous one', () => {
    const { file, url, cache } = bundle('exports.answer = () => 42;');
    loadCachedBundle(url).saveCache();
    writeFileSync(file, '"use strict";\nexports.answer = () => 43;\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const rebuilt = loadCachedBundle<{ answer(): number }>(url);
    expect([rebuilt.exports.answer(), rebuilt.fromCache]).toEqual([43, false]);
    rebuilt.saveCache();
    expect(loadCachedBundle<{ answer(): number }>(url).fromCache).toBe(true);
    expect(readFileSync(cache).length).toBeGreaterThan(0);
  });

  it('compiles from source when the cache is damaged, and replaces it', () => {
    // Content of its own: V8 would otherwise reuse this process's earlier compile.
    const { file, url, cache } = bundle('exports.answer = () => 41 + 1;');
    const { size, mtimeMs } = statSync(file);
    writeFileSync(cache, `${size}:${mtimeMs}\nnot a code cache`);
    const damaged = loadCachedBundle<{ answer(): number }>(url);
    expect([damaged.exports.answer(), damaged.fromCache]).toEqual([42, false]);
    damaged.saveCache();
    expect(readFileSync(cache, 'utf8')).not.toContain('not a code cache');
  });

  it('neither reads nor writes a cache under NODE_DISABLE_COMPILE_CACHE', () => {
    const { url, cache } = bundle('exports.answer = () => 42;');
    loadCachedBundle(url).saveCache();
    process.env.NODE_DISABLE_COMPILE_CACHE = '1';
    const disabled = loadCachedBundle<{ answer(): number }>(url);
    expect([disabled.exports.answer(), disabled.fromCache]).toEqual([42, false]);
    const other = bundle('exports.answer = () => 7;');
    loadCachedBundle(other.url).saveCache();
    expect([existsSync(cache), existsSync(other.cache)]).toEqual([true, false]);
  });
});
