import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, temporaryFifo, testManager, waitUntil } from './testing/fixtures.js';

const owner = '/root';

describe('ExecManager scheduler lanes', () => {
  it('overlaps proven read-only calls', async () => {
    const manager = testManager();
    const fifo = temporaryFifo();
    const blocked = manager.runBash({ owner, command: `cat ${fifo}`, yieldTimeMs: 30_000 });
    await waitUntil(() => manager.liveCount === 1);
    // The second reader finishes while the first still holds its shared lane.
    const second = await manager.runBash({ owner, command: 'echo second' });
    await writeFile(fifo, 'first\n');
    const first = await blocked;
    expect([second.success && second.value.output, first.success && first.value.output]).toEqual([
      'second\n',
      'first\n',
    ]);
  });

  it('queues a writer behind a reader and later readers behind the writer, visibly', async () => {
    const manager = testManager();
    const fifo = temporaryFifo();
    const marker = join(temporaryDirectory(), 'marker');
    const reader = manager.runBash({ owner, command: `cat ${fifo}`, yieldTimeMs: 30_000 });
    await waitUntil(() => manager.liveCount === 1);
    const writer = manager.runBash({ owner, command: `echo w > ${marker}`, yieldTimeMs: 30_000 });
    await waitUntil(() => manager.scheduler.waiting === 1);
    const later = manager.runBash({ owner, command: `cat ${marker}`, yieldTimeMs: 30_000 });
    await waitUntil(() => manager.scheduler.waiting === 2);
    const listed = manager.listExecutions({ owner }).map(({ state, command }) => [state, command]);
    const markerWhileQueued = existsSync(marker);
    await writeFile(fifo, 'r\n');
    const results = await Promise.all([reader, writer, later]);
    expect({
      listed,
      markerWhileQueued,
      outputs: results.map((result) => result.success && result.value.output),
    }).toEqual({
      listed: [
        ['queued', `echo w > ${marker}`],
        ['queued', `cat ${marker}`],
      ],
      markerWhileQueued: false,
      outputs: ['r\n', '', 'w\n'],
    });
  });

  it('releases the exclusive lane when a command yields', async () => {
    const manager = testManager();
    const fifo = temporaryFifo();
    const out = join(temporaryDirectory(), 'out');
    const first = await manager.runBash({
      owner,
      command: `cat ${fifo} > ${out}.first`,
      yieldTimeMs: 250,
    });
    const second = await manager.runBash({ owner, command: `echo second > ${out}; cat ${out}` });
    await writeFile(fifo, 'done\n');
    expect([first.success && first.value.yielded, second.success && second.value.output]).toEqual([
      true,
      'second\n',
    ]);
  });

  it('cancels queued work on stop without spawning, returning the same terminal observation', async () => {
    const manager = testManager();
    const fifo = temporaryFifo();
    const marker = join(temporaryDirectory(), 'never');
    const holder = manager.runBash({ owner, command: `cat ${fifo} > /dev/null; exit` });
    await waitUntil(() => manager.liveCount === 1);
    const queued = manager.runBash({ owner, command: `touch ${marker}` });
    await waitUntil(() => manager.scheduler.waiting === 1);
    const [listed] = manager.listExecutions({ owner });
    const stopped = await manager.stopExecution({ owner, executionId: listed!.executionId });
    const cancelled = await queued;
    await writeFile(fifo, 'x\n');
    await holder;
    expect({
      same: stopped.success && cancelled.success && stopped.value === cancelled.value,
      facts: stopped.success && {
        state: stopped.value.facts.state,
        termination: stopped.value.facts.termination,
        outcome: stopped.value.facts.outcome,
        starts: stopped.value.sandbox.starts,
      },
      spawned: existsSync(marker),
    }).toEqual({
      same: true,
      facts: { state: 'completed', termination: 'stopped', outcome: 'failure', starts: 0 },
      spawned: false,
    });
  });

  it('re-checks the owner before queued work starts and settles it unspawned', async () => {
    let active = true;
    const manager = testManager({ isOwnerActive: () => active });
    const fifo = temporaryFifo();
    const marker = join(temporaryDirectory(), 'never');
    const holder = manager.runBash({ owner: '/root/agent', command: `cat ${fifo}; exit` });
    await waitUntil(() => manager.liveCount === 1);
    const queued = manager.runBash({ owner: '/root/agent', command: `touch ${marker}` });
    await waitUntil(() => manager.scheduler.waiting === 1);
    active = false;
    await writeFile(fifo, 'x\n');
    const [held, rejected] = await Promise.all([holder, queued]);
    expect([
      held.success,
      rejected.success ? 'ran' : rejected.error.code,
      existsSync(marker),
    ]).toEqual([true, 'owner-retired', false]);
  });
});
