import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { serveBridge } from '@toolcall/emacs';
import { describe, expect, it } from 'vitest';

// A script's checkpoint is consumed once its reply was written, not when it was handed to the
// output: the output here holds the reply's write until the test lets it finish or fail, as a
// slow or vanished reader of the bridge's stdout would.

function bridgeWithHeldReply(replyId: number) {
  const state = mkdtempSync(join(tmpdir(), 'toolcall-delivery-'));
  const input = new PassThrough();
  let release: ((error?: Error) => void) | undefined;
  let held: () => void = () => {};
  const replyHeld = new Promise<void>((resolve) => {
    held = resolve;
  });
  let initialized: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    initialized = resolve;
  });
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const message = JSON.parse(chunk.toString('utf8')) as { id?: unknown; method?: unknown };
      if (message.id !== replyId || message.method !== undefined) {
        if (message.id === 1) initialized();
        callback();
        return;
      }
      release = (error) => callback(error);
      held();
    },
  });
  const served = serveBridge({ input, output, workspace: state });
  const send = (id: number, method: string, params: Record<string, unknown>) =>
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  const files = () => {
    try {
      // Checkpoints only: a writer's temporary file is renamed away at any moment.
      return readdirSync(join(state, 'checkpoints')).filter((name) =>
        name.endsWith('.toolcall.json'),
      );
    } catch {
      return [];
    }
  };
  send(1, 'initialize', { workspace: state, stateDirectory: state });
  void ready.then(() => send(replyId, 'toolcall/run', { expression: '(+ 1 2)' }));
  return {
    input,
    served,
    files,
    replyHeld,
    release: (error?: Error) => release?.(error),
  };
}

describe('reply delivery', () => {
  it('keeps the checkpoint while the reply is unwritten and removes it once written', async () => {
    const bridge = bridgeWithHeldReply(2);
    await bridge.replyHeld;
    expect(bridge.files()).toHaveLength(1);
    bridge.release();
    while (bridge.files().length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    bridge.input.end();
    await bridge.served;
    expect(bridge.files()).toEqual([]);
  });

  it('keeps the checkpoint for recovery when the reply cannot be written, and ends quietly', async () => {
    const bridge = bridgeWithHeldReply(2);
    await bridge.replyHeld;
    bridge.release(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    // The failed output ends the connection on its own; every queued checkpoint write is done
    // once the bridge has served.
    await bridge.served;
    expect(bridge.files()).toHaveLength(1);
  });
});
