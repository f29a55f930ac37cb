import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionMediaSink } from './media-sink.js';

let root = '';
let directory = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolcall-media-'));
  directory = path.join(root, 'media');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('createSessionMediaSink', () => {
  it('never reuses an id a file in the session already has, across processes', async () => {
    const owner = { toolUseId: 'mcp/1', toolName: 'Read' };
    const first = await createSessionMediaSink({ directory }).put(
      { mimeType: 'image/png', data: 'Zmlyc3Q=' },
      owner,
    );
    // A later process on the same session starts counting again, with the same call id.
    const later = createSessionMediaSink({ directory });
    const second = await later.put({ mimeType: 'image/jpeg', data: 'c2Vjb25k' }, owner);
    expect([first, second]).toEqual([
      { id: 'media-1-mcp_1', mimeType: 'image/png' },
      { id: 'media-2-mcp_1', mimeType: 'image/jpeg' },
    ]);
    expect(readFileSync(path.join(directory, 'media-1-mcp_1.png'), 'utf8')).toBe('first');
    expect(readFileSync(path.join(directory, 'media-2-mcp_1.jpg'), 'utf8')).toBe('second');
    expect(Buffer.from((await later.read(second.id)) ?? []).toString()).toBe('second');
    // Only what this sink stored is read back through it.
    expect(await later.read(first.id)).toBeUndefined();
  });

  it('publishes each item whole, never over an existing file, leaving no temporary file', async () => {
    const owner = { toolUseId: 'call_1', toolName: 'Read' };
    const sink = createSessionMediaSink({ directory });
    const first = await sink.put({ mimeType: 'image/png', data: Buffer.from('one') }, owner);
    // Another process's file (written after this sink looked) under the next id.
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, 'media-2-call_1.png'), 'theirs');
    const second = await sink.put({ mimeType: 'image/png', data: Buffer.from('two') }, owner);
    expect([first.id, second.id]).toEqual(['media-1-call_1', 'media-3-call_1']);
    expect(readFileSync(path.join(directory, 'media-2-call_1.png'), 'utf8')).toBe('theirs');
    expect(readFileSync(path.join(directory, 'media-3-call_1.png'), 'utf8')).toBe('two');
    expect(readdirSync(directory).sort()).toEqual([
      'media-1-call_1.png',
      'media-2-call_1.png',
      'media-3-call_1.png',
    ]);
  });

  it('keeps an unknown type under .bin and reads back a file removed meanwhile as undefined', async () => {
    const sink = createSessionMediaSink({ directory });
    const owner = { toolUseId: 't', toolName: 'X' };
    const item = await sink.put(
      { mimeType: 'application/x-odd', data: new Uint8Array([1]) },
      owner,
    );
    expect(readdirSync(directory)).toEqual(['media-1-t.bin']);
    await rm(path.join(directory, 'media-1-t.bin'));
    expect(await sink.read(item.id)).toBeUndefined();
  });

  it('throws a TypeError naming a relative directory', () => {
    expect(() => createSessionMediaSink({ directory: 'media' })).toThrow(
      'createSessionMediaSink: directory must be an absolute path, received media',
    );
  });
});
