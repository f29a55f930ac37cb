import { readFileSync } from 'node:fs';
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
});
