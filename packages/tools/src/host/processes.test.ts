import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSet, type ToolSet } from '../tool-set.js';
import { listProcesses, readProcessOutput, sendToProcess, stopProcess } from './processes.js';

let set: ToolSet | undefined;
afterEach(async () => {
  await set?.close();
  set = undefined;
});

function open(): ToolSet {
  const workspace = mkdtempSync(join(tmpdir(), 'toolcall-processes-'));
  set = createToolSet({ workspace, permissions: { mode: 'full-auto' } });
  return set;
}

/** Starts `command` as a background Bash call (it outlives its 250 ms yield) and returns its id. */
async function background(tools: ToolSet, command: string, tty = false): Promise<string> {
  const outcome = await tools.pipeline.runTool({
    name: 'Bash',
    input: { command, description: 'background', yield_time_ms: 250, tty },
    toolUseId: `toolu_${Math.random().toString(36).slice(2)}`,
  }).outcome;
  expect(outcome.status).toBe('success');
  const row = listProcesses(tools).find((candidate) => candidate.command === command);
  if (row === undefined) throw new Error(`no process for ${command}`);
  return row.id;
}

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('process control for hosts', () => {
  it('lists a background command and reads its output without consuming it', async () => {
    const tools = open();
    const id = await background(tools, 'for i in $(seq 1 400); do echo line$i; sleep 0.05; done');
    expect(listProcesses(tools)).toEqual([
      expect.objectContaining({ id, state: 'running', tty: false }),
    ]);
    const first = await until(async () => {
      const read = await readProcessOutput(tools, id);
      return read.success && read.value.text.includes('line3') ? read.value : undefined;
    });
    expect(first.text).toContain('line1\nline2\nline3');
    const again = await readProcessOutput(tools, id);
    expect(again.success && again.value.text.startsWith(first.text)).toBe(true);
    const tail = await readProcessOutput(tools, id, 4);
    expect(tail).toMatchObject({ success: true, value: { truncated: true } });
    expect(tail.success && tail.value.text.length).toBeLessThanOrEqual(4);
  });

  it('never cuts a character in two at the start of a tail', async () => {
    const tools = open();
    const id = await background(tools, "printf 'ééééé'; sleep 30");
    const whole = await until(async () => {
      const read = await readProcessOutput(tools, id);
      return read.success && read.value.outputBytes === 10 ? read.value : undefined;
    });
    expect(whole.text).toBe('ééééé');
    // Five bytes from the end is the middle of a character: the tail starts on the next one.
    const tail = await readProcessOutput(tools, id, 5);
    expect(tail).toMatchObject({ success: true, value: { text: 'éé', truncated: true } });
  });

  it('stops a process, which then leaves the list', async () => {
    const tools = open();
    const id = await background(tools, 'sleep 60');
    expect(await stopProcess(tools, id)).toMatchObject({
      success: true,
      value: { id, state: 'completed' },
    });
    expect(listProcesses(tools).some((row) => row.id === id)).toBe(false);
  });

  it('sends Ctrl-C to a process and refuses a line to one without a terminal', async () => {
    const tools = open();
    const id = await background(tools, 'sleep 60');
    const line = await sendToProcess(tools, id, 'hello\n');
    expect(line).toMatchObject({ success: false, error: { code: 'process-input-refused' } });
    await sendToProcess(tools, id, '\u0003');
    await until(async () => (listProcesses(tools).some((row) => row.id === id) ? undefined : true));
  });

  it('names an unknown process in every call, as a value', async () => {
    const tools = open();
    for (const result of [
      await stopProcess(tools, 'nope'),
      await readProcessOutput(tools, 'nope'),
      await sendToProcess(tools, 'nope', '\u0003'),
    ]) {
      expect(result).toMatchObject({
        success: false,
        error: { code: 'unknown-process', message: 'No process nope' },
      });
    }
  });
});
