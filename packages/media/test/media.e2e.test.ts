import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../src/testing/encoders.js';

const require = createRequire(import.meta.url);

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS, root and Node subpath.
describe('@toolcall/media as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/media');
    const cjs = require('@toolcall/media');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(cjs.MediaError.isInstance(new esm.MediaError('invalid-media', 'x'))).toBe(true);
    const esmNode = await import('@toolcall/media/node');
    const cjsNode = require('@toolcall/media/node');
    expect(Object.keys(cjsNode).sort()).toEqual(Object.keys(esmNode).sort());
  });

  it('captures, persists and replays a real image through both module systems', async () => {
    const session = await mkdtemp(join(tmpdir(), 'toolcall-media-e2e-'));
    try {
      const { openSessionMediaStore } = await import('@toolcall/media/node');
      const cjs = require('@toolcall/media/node');
      const png = encodePng(3, 2);
      const opened = await openSessionMediaStore({ sessionDirectory: session });
      if (!opened.success) throw opened.error;
      const captured = await opened.value.capture({
        bytes: png,
        toolUseId: 'toolu_e2e',
        source: 'Read',
      });
      if (!captured.success) throw captured.error;
      const reopened = await cjs.openSessionMediaStore({ sessionDirectory: session });
      const read = await reopened.value.read(captured.value);
      expect([
        read.success,
        read.value.record.width,
        Buffer.from(read.value.bytes).equals(png),
      ]).toEqual([true, 3, true]);
    } finally {
      await rm(session, { recursive: true, force: true });
    }
  });
});
