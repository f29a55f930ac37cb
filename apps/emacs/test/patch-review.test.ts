import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeClient, startBridge } from './bridge-client.js';

let dir: string;
let bridge: BridgeClient;

const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolcall-review-'));
  writeFileSync(join(dir, 'notes.txt'), `${lines.join('\n')}\n`);
  bridge = startBridge(dir, { fixtureTools: false });
});

afterEach(async () => {
  expect(await bridge.close()).toBe(0);
});

// Two hunks far apart in one file, and a new file.
const patch = [
  '*** Begin Patch',
  '*** Update File: notes.txt',
  '@@',
  ' line 2',
  '-line 3',
  '+line three',
  ' line 4',
  '@@',
  ' line 26',
  '-line 27',
  '+line twenty-seven',
  ' line 28',
  '*** Add File: added.txt',
  '+new',
  '*** End Patch',
].join('\n');

const applyPatch = () =>
  bridge.write(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'ApplyPatch', arguments: { patch } },
    }),
  );

describe('patch review', () => {
  it('offers an ApplyPatch per file and hunk and applies only what Emacs accepts', async () => {
    await bridge.request(1, 'initialize', { workspace: dir, mode: 'ask', patchReview: true });
    applyPatch();
    const review = await bridge.next((m) => m.method === 'patch/review');
    const params = review.params as {
      files: { path: string; kind: string; diff: string; hunks: { diff: string }[] }[];
    };
    expect(params.files.map((file) => [file.path, file.kind, file.hunks.length])).toEqual([
      ['notes.txt', 'update', 2],
      ['added.txt', 'add', 0],
    ]);
    expect(params.files[0]?.hunks[0]?.diff).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@/);
    expect(params.files[0]?.diff).toContain('+line twenty-seven');
    bridge.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: review.id,
        result: { outcome: 'review', files: [['accept', 'reject'], 'reject'] },
      }),
    );
    const reply = await bridge.next((m) => m.id === 5);
    expect(reply).toMatchObject({ result: { status: 'success' } });
    const text = readFileSync(join(dir, 'notes.txt'), 'utf8');
    expect(text).toContain('line three\n');
    expect(text).toContain('line 27\n');
    // Emacs is told which files changed, by absolute path, to revert their buffers.
    expect(await bridge.next((m) => m.method === 'files/changed')).toMatchObject({
      params: { paths: [join(dir, 'notes.txt')] },
    });
  });

  it('writes nothing when Emacs answers a review with something malformed', async () => {
    await bridge.request(1, 'initialize', { workspace: dir, mode: 'ask', patchReview: true });
    applyPatch();
    const review = await bridge.next((m) => m.method === 'patch/review');
    bridge.write(JSON.stringify({ jsonrpc: '2.0', id: review.id, result: { outcome: 'maybe' } }));
    const reply = await bridge.next((m) => m.id === 5);
    expect(reply).toMatchObject({ result: { status: 'error' } });
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe(`${lines.join('\n')}\n`);
  });

  it('asks one permission question when Emacs does not review patches', async () => {
    await bridge.request(1, 'initialize', { workspace: dir, mode: 'ask' });
    applyPatch();
    const ask = await bridge.next((m) => m.method === 'permission/ask');
    expect(ask).toMatchObject({ params: { toolName: 'ApplyPatch' } });
    bridge.write(JSON.stringify({ jsonrpc: '2.0', id: ask.id, result: { answer: 'deny' } }));
    expect(await bridge.next((m) => m.id === 5)).toMatchObject({ result: { status: 'error' } });
  });
});
