import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeClient, startBridge } from './bridge-client.js';

// What every host gives for the same two calls (see @toolcall/tools' session.e2e test): a 4×4
// PNG read as media, and an oversized Bash output kept whole as the execution's artifact.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAKElEQVR4nA3JMQEAAAzCsDpDGnWGtS1vAIPFIcTExkWoqa3rz8zs3Dy0JxPpa5dTeQAAAABJRU5ErkJggg==',
  'base64',
);

let dir: string;
let bridge: BridgeClient;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolcall-bridge-session-')));
  writeFileSync(join(dir, 'pixel.png'), PNG);
  bridge = startBridge(dir, { fixtureTools: false });
});
afterEach(async () => {
  expect(await bridge.close()).toBe(0);
});

type Reply = {
  result: {
    status: string;
    result: string;
    media: { id: string; mimeType: string; data: string }[];
  };
};
const session = (...parts: string[]) => join(dir, '.toolcall', 'sessions', 's1', ...parts);

describe('the session of the bridge', () => {
  it('sends a read image as media and keeps an oversized output as an artifact', async () => {
    expect(
      await bridge.request(1, 'initialize', { workspace: dir, mode: 'full-auto', sessionId: 's1' }),
    ).toMatchObject({ result: { session: { id: 's1', directory: session() }, warnings: [] } });
    const read = (await bridge.request(2, 'tools/call', {
      name: 'Read',
      arguments: { file_path: 'pixel.png' },
    })) as Reply;
    expect(read.result.result).toBe('Image pixel.png: image/png 4x4, 97 bytes (attached as media)');
    expect(read.result.media).toEqual([
      {
        id: expect.stringMatching(/^media-1-e1-/),
        mimeType: 'image/png',
        data: PNG.toString('base64'),
      },
    ]);
    expect(readFileSync(session('media', `${read.result.media[0]?.id}.png`))).toEqual(PNG);
    const bash = (await bridge.request(3, 'tools/call', {
      name: 'Bash',
      arguments: { command: 'seq 1 100000', description: 'Count far' },
    })) as Reply;
    expect(bash.result.result).toContain('omitted_output_bytes="586898"');
    const name = /output_path="artifact:\/\/(execution-[^"]+\.txt)"/.exec(bash.result.result)?.[1];
    expect(name).toMatch(/^execution-.+\.txt$/);
    expect(readFileSync(session('artifacts', `${name}`), 'utf8').split('\n').length).toBe(100_001);
    // The notice's address is one a script reads in the same session.
    const tail = (await bridge.request(4, 'toolcall/run', {
      expression: `(Read :file_path "artifact://${name}" :offset 100000 :limit 1)`,
    })) as Reply;
    expect(tail.result.result).toBe('100000\t100000');
    // A script that is one Read is that Read: its media come with it.
    const direct = (await bridge.request(5, 'toolcall/run', {
      expression: '(Read :file_path "pixel.png")',
    })) as Reply;
    expect(direct.result.media.map(({ mimeType, data }) => [mimeType, data])).toEqual([
      ['image/png', PNG.toString('base64')],
    ]);
  });

  it('keeps the session across a second initialize of the same workspace, and makes nothing when nothing is stored', async () => {
    const first = (await bridge.request(1, 'initialize', { workspace: dir })) as {
      result: { session: { id: string; directory: string } };
    };
    const second = (await bridge.request(2, 'initialize', { workspace: dir })) as typeof first;
    expect(second.result.session).toEqual(first.result.session);
    // Nothing stored, nothing made: the workspace is as it was, even before the bridge ends.
    expect(existsSync(first.result.session.directory)).toBe(false);
    expect(await bridge.close()).toBe(0);
    expect(readdirSync(dir)).toEqual(['pixel.png']);
    bridge = startBridge(dir, { fixtureTools: false });
  });

  it('refuses a session id that is not one, naming it, and serves on with the tool set it had', async () => {
    await bridge.request(1, 'initialize', { workspace: dir });
    expect(
      await bridge.request(2, 'initialize', { workspace: dir, sessionId: '../x' }),
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining("bad session id '../x'") },
    });
    expect(await bridge.request(3, 'toolcall/run', { expression: '(+ 1 2)' })).toMatchObject({
      result: { status: 'success', result: '3' },
    });
  });
});
