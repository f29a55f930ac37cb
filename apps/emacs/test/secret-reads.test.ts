import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeClient, startBridge } from './bridge-client.js';

// The real bridge, this test standing in for Emacs: secret-bearing reads reach Emacs only
// after a permission question the person answered.
let dir: string;
let bridge: BridgeClient;
let id = 10;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolcall-secrets-'));
  bridge = startBridge(dir);
});

afterEach(async () => {
  expect(await bridge.close()).toBe(0);
});

const init = (mode: string) =>
  bridge.request(1, 'initialize', {
    workspace: dir,
    mode,
    hostedTools: ['EmacsEval', 'EmacsDescribe', 'EmacsBuffers'],
  });

function callTool(name: string, args: Record<string, unknown>): number {
  id += 1;
  bridge.write(
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  );
  return id;
}

const answer = (message: Record<string, unknown>, result: Record<string, unknown>) =>
  bridge.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));

const isAsk = (m: Record<string, unknown>) => m.method === 'permission/ask';
const isHostedCall = (m: Record<string, unknown>) => m.method === 'emacs/callTool';

describe('secret-bearing reads through the bridge', () => {
  it('asks before describing a variable or reading a buffer in ask mode, and sends Emacs nothing when denied', async () => {
    await init('ask');
    for (const [name, args] of [
      ['EmacsDescribe', { symbol: 'openai-api-key' }],
      ['EmacsBuffers', { buffer: '.authinfo' }],
    ] as const) {
      const request = callTool(name, args);
      const ask = await bridge.next(isAsk);
      expect(ask).toMatchObject({ params: { toolName: name, input: args } });
      answer(ask, { answer: 'deny' });
      expect(await bridge.next((m) => m.id === request)).toMatchObject({
        result: { status: 'error', result: 'Error: Permission denied: the user declined.' },
      });
    }
    // The listing needs no question: it is the first call that reaches Emacs.
    const listing = callTool('EmacsBuffers', {});
    const hosted = await bridge.next(isHostedCall);
    expect(hosted).toMatchObject({ params: { name: 'EmacsBuffers', arguments: {} } });
    answer(hosted, { result: '*scratch*\tlisp-interaction-mode\t0' });
    expect(await bridge.next((m) => m.id === listing)).toMatchObject({
      result: { status: 'success' },
    });
    expect(bridge.taken(isAsk)).toEqual([]);
  });

  it('describes without a question in full-auto, while EmacsEval still asks', async () => {
    await init('full-auto');
    const described = callTool('EmacsDescribe', { symbol: 'fill-column' });
    const hosted = await bridge.next(isHostedCall);
    expect(hosted).toMatchObject({
      params: { name: 'EmacsDescribe', arguments: { symbol: 'fill-column' } },
    });
    answer(hosted, { result: 'Variable fill-column = 70' });
    expect(await bridge.next((m) => m.id === described)).toMatchObject({
      result: { status: 'success', result: 'Variable fill-column = 70' },
    });
    const evaluated = callTool('EmacsEval', { form: '(kill-emacs)' });
    const ask = await bridge.next(isAsk);
    expect(ask).toMatchObject({ params: { toolName: 'EmacsEval' } });
    answer(ask, { answer: 'deny' });
    expect(await bridge.next((m) => m.id === evaluated)).toMatchObject({
      result: { status: 'error' },
    });
    expect(bridge.taken(isHostedCall)).toEqual([]);
  });
});
