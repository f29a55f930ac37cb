import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createMediaCache } from './media-cache.js';
import { type CacheOperation, cacheOperations } from './testing/arbitraries.js';

// A deliberately naive model: an array in recency order, trimmed from the front.
function runModel(operations: readonly CacheOperation[], maxBytes: number) {
  let entries: Array<[string, number]> = [];
  for (const operation of operations) {
    const index = entries.findIndex(([key]) => key === operation.key);
    if (operation.kind === 'set') {
      if (index >= 0) entries.splice(index, 1);
      entries.push([operation.key, operation.size]);
      while (entries.length > 1 && entries.reduce((sum, [, size]) => sum + size, 0) > maxBytes) {
        entries = entries.slice(1);
      }
    } else if (index >= 0) {
      const [entry] = entries.splice(index, 1);
      if (operation.kind === 'get') entries.push(entry!);
    }
  }
  return entries;
}

describe('createMediaCache properties', () => {
  test.prop([cacheOperations, fc.integer({ min: 0, max: 100 })])(
    'matches an LRU model and never exceeds the budget except by a lone newest entry',
    (operations, maxBytes) => {
      const cache = createMediaCache({ maxBytes });
      for (const operation of operations) {
        if (operation.kind === 'set') cache.set(operation.key, new Uint8Array(operation.size));
        else if (operation.kind === 'get') cache.get(operation.key);
        else cache.delete(operation.key);
      }
      const model = runModel(operations, maxBytes);
      expect(cache.keys().map((key) => [key, cache.get(key)!.length])).toEqual(model);
      expect(cache.byteSize <= maxBytes || cache.size === 1).toBe(true);
    },
  );

  test.prop([fc.uint8Array({ maxLength: 64 }), cacheOperations])(
    'get(set(bytes)) returns the same bytes right after any history',
    (bytes, operations) => {
      const cache = createMediaCache({ maxBytes: 50 });
      for (const operation of operations) {
        if (operation.kind === 'set') cache.set(operation.key, new Uint8Array(operation.size));
      }
      cache.set('fresh', bytes);
      expect(cache.get('fresh')).toBe(bytes);
    },
  );
});
