import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeClient, startBridge } from './bridge-client.js';

let dir: string;
let bridge: BridgeClient;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolcall-events-'));
  writeFileSync(join(dir, 'notes.txt'), 'alpha\n');
  bridge = startBridge(dir, { fixtureTools: false });
  await bridge.request(1, 'initialize', { workspace: dir, mode: 'full-auto' });
});

afterEach(async () => {
  expect(await bridge.close()).toBe(0);
});

type Reply = { result: { result: string; status: string } };

describe('background events in the bridge', () => {
  it('notifies the view as they arrive and gives them to the next result, once', async () => {
    const started = (await bridge.request(2, 'tools/call', {
      name: 'Monitor',
      arguments: { command: 'printf "first\\nsecond\\n"', description: 'lines' },
    })) as Reply;
    expect(started.result.status).toBe('success');
    const end = await bridge.next(
      (message) =>
        message.method === 'toolcall/event' &&
        (message.params as { type: string }).type === 'monitor-end',
    );
    expect(end.params).toMatchObject({ owner: '/root', executionId: expect.any(String) });
    const lines = bridge.taken(
      (message) =>
        message.method === 'toolcall/event' &&
        (message.params as { type: string }).type === 'monitor-lines',
    );
    expect(lines.map((message) => (message.params as { text: string }).text).join('\n')).toMatch(
      /first[\s\S]*second/,
    );
    const next = (await bridge.request(3, 'tools/call', {
      name: 'Read',
      arguments: { file_path: 'notes.txt' },
    })) as Reply;
    expect(next.result.result).toMatch(/^1\talpha\n\nBackground work has reported/);
    expect(next.result.result).toMatch(/first[\s\S]*second/);
    const after = (await bridge.request(4, 'toolcall/run', { expression: '(+ 1 2)' })) as Reply;
    expect(after.result.result).not.toContain('Background work has reported');
  });
});
