import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { MediaReference } from './media-record.js';
import { createMediaStore } from './media-store.js';
import { pngBytes } from './testing/arbitraries.js';

describe('createMediaStore properties', () => {
  test.prop([fc.array(pngBytes, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 400 })])(
    'read(capture(b)) returns b for the newest record under any budget',
    async (images, cacheMaxBytes) => {
      const store = createMediaStore({ cacheMaxBytes });
      let last: Uint8Array | undefined;
      let reference: MediaReference | undefined;
      for (const bytes of images) {
        const result = await store.capture({ bytes, toolUseId: 'toolu', source: 'prop' });
        if (!result.success) throw result.error;
        reference = result.value;
        last = bytes;
      }
      const read = await store.read(reference!);
      expect(read.success && read.value.bytes).toEqual(last);
      expect(store.cache.byteSize <= cacheMaxBytes || store.cache.size === 1).toBe(true);
    },
  );
});
