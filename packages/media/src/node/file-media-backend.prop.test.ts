import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { pngBytes } from '../testing/arbitraries.js';
import { openSessionMediaStore } from './open-session-media-store.js';

describe('openSessionMediaStore properties', () => {
  test.prop([fc.array(pngBytes, { minLength: 1, maxLength: 4 })], { numRuns: 15 })(
    'read(capture(b)) returns b from the published copy after a restart',
    async (images) => {
      const session = await fs.mkdtemp(join(tmpdir(), 'toolcall-media-prop-'));
      try {
        const first = await openSessionMediaStore({ sessionDirectory: session, cacheMaxBytes: 0 });
        if (!first.success) throw first.error;
        const references = [];
        for (const bytes of images) {
          const captured = await first.value.capture({ bytes, toolUseId: 'toolu', source: 'prop' });
          if (!captured.success) throw captured.error;
          references.push(captured.value);
        }
        await first.value.close();
        const second = await openSessionMediaStore({ sessionDirectory: session });
        if (!second.success) throw second.error;
        const reads = await Promise.all(
          references.map((reference) => second.value.read(reference)),
        );
        expect(reads.map((read) => read.success && read.value.bytes)).toEqual(images);
      } finally {
        await fs.rm(session, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
