import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeClient, startBridge } from './bridge-client.js';

let dir: string;
let bridge: BridgeClient;
let nextId = 100;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolcall-processes-'));
  bridge = startBridge(dir, { fixtureTools: false });
  await bridge.request(1, 'initialize', { workspace: dir, mode: 'full-auto' });
});

afterEach(async () => {
  expect(await bridge.close()).toBe(0);
});

const call = (method: string, params: Record<string, unknown> = {}) =>
  bridge.request(nextId++, method, params);

type Row = { id: string; command: string; state: string; outputBytes: number; tty: boolean };

const rows = async () => ((await call('processes/list')).result as { processes: Row[] }).processes;

/** Starts `command` as a background Bash process and returns its row. */
async function background(command: string, tty = false): Promise<Row> {
  const started = await call('tools/call', {
    name: 'Bash',
    arguments: { command, description: 'test process', yield_time_ms: 250, tty },
  });
  expect(started).toMatchObject({ result: { status: 'success' } });
  const row = (await rows()).find((candidate) => candidate.command === command);
  expect(row).toBeDefined();
  return row as Row;
}

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('processes', () => {
  it('lists a background Bash command with its state and output size, and reads its output', async () => {
    const row = await background('for i in $(seq 1 400); do echo line$i; sleep 0.05; done');
    expect(row).toMatchObject({ state: 'running', tty: false });
    const output = await until(async () => {
      const read = (await call('processes/output', { id: row.id })).result as {
        text: string;
        outputBytes: number;
        truncated: boolean;
      };
      return read.text.includes('line3') ? read : undefined;
    });
    expect(output.text).toContain('line1\nline2\nline3');
    expect(output.truncated).toBe(false);
    // Reading is not consuming: the same bytes come back, and the listing counts them.
    const again = (await call('processes/output', { id: row.id })).result as { text: string };
    expect(again.text.startsWith(output.text)).toBe(true);
    const listed = (await rows()).find((candidate) => candidate.id === row.id);
    expect(listed?.outputBytes).toBeGreaterThanOrEqual(output.outputBytes);
    // A tail cut drops the start and says so.
    const tail = (await call('processes/output', { id: row.id, tailBytes: 4 })).result as {
      text: string;
      truncated: boolean;
    };
    expect(tail.truncated).toBe(true);
    expect(tail.text.length).toBeLessThanOrEqual(4);
  });

  it('stops a process, which then leaves the list; an unknown id is a clear error', async () => {
    const row = await background('sleep 60');
    expect(await call('processes/stop', { id: row.id })).toMatchObject({
      result: { id: row.id, state: 'completed' },
    });
    expect((await rows()).map((candidate) => candidate.id)).not.toContain(row.id);
    expect(await call('processes/stop', { id: 'x9' })).toMatchObject({
      error: { code: -32602, message: 'No process x9' },
    });
    expect(await call('processes/output', { id: 'x9' })).toMatchObject({
      error: { code: -32602, message: 'No process x9' },
    });
  });

  it('sends Ctrl-C to a pipe process and a line to a terminal process', async () => {
    const piped = await background('trap "echo caught; exit 3" INT; while :; do sleep 0.1; done');
    await call('processes/send', { id: piped.id, chars: '\u0003' });
    await until(async () =>
      (await rows()).some((candidate) => candidate.id === piped.id) ? undefined : true,
    );
    // Typed input is refused without a terminal, with the reason.
    const other = await background('sleep 60');
    expect(await call('processes/send', { id: other.id, chars: 'hi\n' })).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('no terminal') },
    });
    const terminal = await background('read line; echo "got:$line"; sleep 60', true);
    await call('processes/send', { id: terminal.id, chars: 'hello\n' });
    await until(async () => {
      const read = (await call('processes/output', { id: terminal.id })).result as {
        text: string;
      };
      return read.text.includes('got:hello') ? true : undefined;
    });
  });
});
