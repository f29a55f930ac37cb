import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSessionMedia } from '../src/media-sink.js';
import { tempDir } from './helpers.js';

describe('createSessionMedia', () => {
  it('never reuses an id a file in the session already has, across processes', async () => {
    const dir = tempDir();
    const owner = { toolUseId: 'mcp/1', toolName: 'Read' } as never;
    const first = await createSessionMedia(dir).put(
      { mimeType: 'image/png', data: 'Zmlyc3Q=' },
      owner,
    );
    // A later process on the same session starts counting again, with the same call id.
    const later = createSessionMedia(dir);
    const second = await later.put({ mimeType: 'image/jpeg', data: 'c2Vjb25k' }, owner);
    expect(second.id).not.toBe(first.id);
    expect(readFileSync(join(dir, 'media', `${first.id}.png`), 'utf8')).toBe('first');
    expect(readFileSync(join(dir, 'media', `${second.id}.jpg`), 'utf8')).toBe('second');
    expect(Buffer.from(later.bytes(second.id)!).toString()).toBe('second');
  });

  it('publishes each item whole, never over an existing file, leaving no temporary file', async () => {
    const dir = tempDir();
    const owner = { toolUseId: 'call_1', toolName: 'Read' } as never;
    // Another run's file (hidden from the id scan by being written after it) under the next id.
    const sink = createSessionMedia(dir);
    const first = await sink.put({ mimeType: 'image/png', data: Buffer.from('one') }, owner);
    mkdirSync(join(dir, 'media'), { recursive: true });
    writeFileSync(join(dir, 'media', 'media-2-call_1.png'), 'theirs');
    const second = await sink.put({ mimeType: 'image/png', data: Buffer.from('two') }, owner);
    expect([first.id, second.id]).toEqual(['media-1-call_1', 'media-3-call_1']);
    expect(readFileSync(join(dir, 'media', 'media-2-call_1.png'), 'utf8')).toBe('theirs');
    expect(readFileSync(join(dir, 'media', 'media-3-call_1.png'), 'utf8')).toBe('two');
    expect(readdirSync(join(dir, 'media')).sort()).toEqual([
      'media-1-call_1.png',
      'media-2-call_1.png',
      'media-3-call_1.png',
    ]);
  });
});
