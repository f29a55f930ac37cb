import { describe, expect, it } from 'vitest';
import { createMediaCache } from './media-cache.js';

const bytes = (size: number) => new Uint8Array(size);

describe('createMediaCache', () => {
  it('evicts the oldest entries first once the byte budget is exceeded', () => {
    const evicted: string[] = [];
    const cache = createMediaCache({ maxBytes: 100, onEvict: (key) => evicted.push(key) });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, bytes(30));
    cache.set('e', bytes(50));
    expect({ keys: cache.keys(), evicted, byteSize: cache.byteSize }).toEqual({
      keys: ['d', 'e'],
      evicted: ['a', 'b', 'c'],
      byteSize: 80,
    });
  });

  it('treats a get as a use, so the touched entry outlives older ones', () => {
    const cache = createMediaCache({ maxBytes: 60 });
    cache.set('a', bytes(20));
    cache.set('b', bytes(20));
    cache.set('c', bytes(20));
    cache.get('a');
    cache.set('d', bytes(20));
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
  });

  it('keeps the newest entry even when it alone exceeds the budget', () => {
    const cache = createMediaCache({ maxBytes: 10 });
    cache.set('a', bytes(5));
    cache.set('big', bytes(50));
    expect({ keys: cache.keys(), size: cache.size, byteSize: cache.byteSize }).toEqual({
      keys: ['big'],
      size: 1,
      byteSize: 50,
    });
  });

  it('replaces an entry set again under the same key', () => {
    const cache = createMediaCache({ maxBytes: 100 });
    cache.set('a', bytes(30));
    cache.set('a', bytes(10));
    expect([
      cache.size,
      cache.byteSize,
      cache.delete('a'),
      cache.delete('a'),
      cache.byteSize,
    ]).toEqual([1, 10, true, false, 0]);
  });

  it('throws a TypeError naming maxBytes when it is not a byte count', () => {
    expect(() => createMediaCache({ maxBytes: -1 })).toThrow(
      new TypeError('maxBytes must be a non-negative integer number of bytes, received -1'),
    );
  });
});
