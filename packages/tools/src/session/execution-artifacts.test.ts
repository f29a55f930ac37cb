import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHarness, temporaryDirectory } from '../execution/testing/harness.js';
import { createSessionArtifactStore } from './artifact-store.js';

const outputPathOf = (result: unknown): string | undefined =>
  /output_path="([^"]+)"/.exec(String(result))?.[1];

describe('execution output in a session artifact store', () => {
  it('keeps one artifact per execution and names evicted artifacts in the call that evicted them', async () => {
    const directory = path.join(temporaryDirectory('artifacts-'), 'artifacts');
    // `seq 1 2000` prints 8,893 bytes: two of them exceed the quota.
    const artifacts = createSessionArtifactStore({ directory, quotaBytes: 12_000 });
    const { call } = createHarness({ tools: { artifacts } });
    const first = await call('Bash', { command: 'seq 1 2000', description: 'count' });
    const firstPath = outputPathOf(first.result);
    expect(firstPath).toMatch(/^artifact:\/\/execution-.+\.txt$/);
    expect(String(first.result)).not.toContain('artifact quota');
    const second = await call('Bash', { command: 'seq 1 2000', description: 'again' });
    const secondPath = outputPathOf(second.result);
    expect(secondPath).not.toBe(firstPath);
    expect(String(second.result).split('\n\n').at(-1)).toBe(
      `Note: the session's artifact quota was exceeded, so the oldest artifacts were deleted and can no longer be read: ${firstPath}`,
    );
    const name = (secondPath as string).slice('artifact://'.length);
    expect(await readdir(directory)).toEqual([name]);
    const stored = await readFile(path.join(directory, name), 'utf8');
    expect(stored.split('\n').length).toBe(2001);
  });

  it('updates the same artifact as the output of a yielded execution grows', async () => {
    const directory = path.join(temporaryDirectory('artifacts-'), 'artifacts');
    const artifacts = createSessionArtifactStore({ directory });
    const { call } = createHarness({ tools: { artifacts } });
    const started = await call('Bash', {
      command: 'seq 1 2000; read line; seq 2001 4000; read line',
      description: 'chatty',
      yield_time_ms: 1000,
      tty: true,
    });
    const executionId = /execution_id="([^"]+)"/.exec(String(started.result))?.[1];
    expect(executionId).toBeDefined();
    const address = outputPathOf(started.result) as string;
    const file = path.join(directory, address.slice('artifact://'.length));
    const lines = async () => (await readFile(file, 'utf8')).split(/\r?\n/);
    expect((await lines()).includes('2000')).toBe(true);
    expect((await lines()).includes('2001')).toBe(false);
    const polled = await call('WriteStdin', {
      execution_id: executionId,
      chars: 'next\n',
      yield_time_ms: 1000,
    });
    expect(outputPathOf(polled.result)).toBe(address);
    await call('StopExecution', { execution_id: executionId });
    expect(await readdir(directory)).toEqual([address.slice('artifact://'.length)]);
    expect((await lines()).filter((line) => /^\d+$/.test(line)).length).toBe(4000);
  });
});
