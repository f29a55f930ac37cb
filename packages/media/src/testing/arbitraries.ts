import fc from 'fast-check';
import { encodePng } from './encoders.js';

/** Small real PNGs with arbitrary dimensions and pixel colours. */
export const pngBytes: fc.Arbitrary<Uint8Array> = fc
  .record({
    width: fc.integer({ min: 1, max: 12 }),
    height: fc.integer({ min: 1, max: 12 }),
    seed: fc.integer({ min: 0, max: 255 }),
  })
  .map(({ width, height, seed }) =>
    encodePng(width, height, (x, y) => [(x * 31 + seed) & 255, (y * 17 + seed) & 255, seed]),
  );

/** Cache operations for model-based LRU properties. */
export type CacheOperation =
  | { kind: 'set'; key: string; size: number }
  | { kind: 'get'; key: string }
  | { kind: 'delete'; key: string };

const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');

/** A sequence of set/get/delete operations over a few keys. */
export const cacheOperations: fc.Arbitrary<CacheOperation[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key, size: fc.integer({ min: 0, max: 40 }) }),
    fc.record({ kind: fc.constant('get' as const), key }),
    fc.record({ kind: fc.constant('delete' as const), key }),
  ),
  { maxLength: 60 },
);
