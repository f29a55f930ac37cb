import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalog } from '../catalog/catalog.js';
import { defineTool } from '../define-tool.js';
import { createPipeline } from '../pipeline.js';
import { holdingFirstWrite } from '../testing/held-store.js';
import type { Tool } from '../tool-types.js';
import {
  type CheckpointStore,
  createMemoryCheckpointStore,
  recoverToolCalls,
  type ToolCallCheckpoint,
} from './checkpoint.js';
import { createToolCallDriver, type ToolCallOptions } from './driver.js';
import { createToolCallTool, projectToolCall } from './tool-call-tool.js';

const echo = defineTool({
  name: 'Echo',
  description: 'Echoes its text.',
  readOnly: true,
  args: z.object({ text: z.string() }),
  handler: ({ text }) => text,
}) as unknown as Tool;

function setup(driverOptions: Partial<ToolCallOptions> = {}, tools: Tool[] = [echo]) {
  const store = createMemoryCheckpointStore();
  const pipeline = createPipeline({ tools });
  const driver = createToolCallDriver({
    pipeline,
    checkpoints: store,
    settlementCommit: 'host',
    ...driverOptions,
  });
  const catalog = () =>
    createCatalog({ tools: pipeline.tools(), native: pipeline.tools().map((tool) => tool.name) });
  pipeline.register(createToolCallTool({ driver, catalog }));
  const run = (expression: string, signal?: AbortSignal) => {
    const running = pipeline.runTool({ name: 'ToolCall', input: { expression }, toolUseId: 'E' });
    signal?.addEventListener('abort', () => running.cancel(), { once: true });
    return running.outcome;
  };
  return { store, pipeline, driver, run };
}

const states = async (store: CheckpointStore) =>
  (await store.list()).map((checkpoint) => [
    checkpoint.envelopeId,
    checkpoint.state,
    checkpoint.children.map((child) => child.status),
  ]);

describe("settlementCommit: 'host'", () => {
  it('keeps the final audit as the running checkpoint until projection commits the settlement', async () => {
    const { store, pipeline, driver, run } = setup();
    const outcome = await run('(Echo :text "a") (Echo :text "b")');
    // Settled, not yet projected: a process killed now is recovered from the running
    // checkpoint, which already holds every nested call as it ended.
    expect(await states(store)).toEqual([['E', 'running', ['success', 'success']]]);
    const projected = await projectToolCall(pipeline, outcome, { driver });
    expect(projected.text).toBe('b');
    const [settled] = await store.list();
    expect([settled?.state, settled?.settlement]).toEqual([
      'settled',
      { status: 'success', result: 'b', delivery: { mode: 'inline', characters: 1 } },
    ]);
    // Committed once: a second commit finds nothing held.
    await driver.commit('E');
    expect(await states(store)).toEqual([['E', 'settled', ['success', 'success']]]);
  });

  it('recovers a script whose projection failed as interrupted, listing the work it did', async () => {
    const { store, driver, run } = setup();
    const outcome = await run('(Echo :text "a") (Echo :text "b")');
    const failing = { project: () => Promise.reject(new Error('artifact store is full')) };
    await expect(projectToolCall(failing, outcome, { driver })).rejects.toThrow(
      'artifact store is full',
    );
    const [recovered] = await recoverToolCalls(store);
    expect(recovered?.result).toBe(
      [
        'Error: The ToolCall script was interrupted and will not resume; completed nested calls were not rolled back.',
        '',
        'Work already done (not rolled back): 2 of 2 nested calls succeeded.',
        '- E/1 Echo: success',
        '- E/2 Echo: success',
      ].join('\n'),
    );
    expect(await store.list()).toEqual([]);
  });

  it('removes the checkpoint instead when the host consumes the settlement', async () => {
    const { store, pipeline, driver, run } = setup();
    const outcome = await run('(Echo :text "a")');
    await projectToolCall(pipeline, outcome, { driver, consume: true });
    expect(await store.list()).toEqual([]);
  });

  it('applies a commit made while a cancelled script still winds down once it settles', async () => {
    // The first checkpoint write is held back: the call is cancelled, shown and committed
    // while its script has not even started.
    const saved = createMemoryCheckpointStore();
    const { store, release, ended, writes } = holdingFirstWrite(saved);
    const { pipeline, driver, run } = setup({ checkpoints: store });
    const controller = new AbortController();
    const pending = run('(Echo :text "a")', controller.signal);
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const outcome = await pending;
    expect(outcome.error?.code).toBe('cancelled');
    await projectToolCall(pipeline, outcome, { driver, consume: true });
    expect(driver.journals().map((journal) => journal.envelopeId)).toEqual(['E']);
    release();
    await ended;
    expect(await saved.list()).toEqual([]);
    expect(writes()).toBe(1);
  });

  it('writes the settlement at once by default, as before', async () => {
    const { store, run } = setup({ settlementCommit: 'settlement' });
    await run('(Echo :text "a")');
    expect(await states(store)).toEqual([['E', 'settled', ['success']]]);
  });

  it('refuses an unknown settlementCommit, naming the choices', () => {
    expect(() =>
      createToolCallDriver({
        pipeline: createPipeline({ tools: [] }),
        settlementCommit: 'later' as unknown as 'host',
      }),
    ).toThrow(
      "createToolCallDriver: settlementCommit must be 'settlement' or 'host', received later",
    );
  });

  it('does nothing for an envelope it holds nothing for', async () => {
    const { store, driver } = setup();
    await driver.commit('never-ran');
    expect(await store.list()).toEqual([]);
    expect(() => driver.commit(42 as unknown as string)).toThrow(
      'ToolCallDriver.commit: expected an envelope id string',
    );
  });

  it('warns and keeps the running checkpoint when the final journal cannot be written', async () => {
    const saved = createMemoryCheckpointStore();
    let writes = 0;
    const warnings: string[] = [];
    const store: CheckpointStore = {
      write: (checkpoint: ToolCallCheckpoint) => {
        if (++writes === 2) throw new Error('disk full');
        return saved.write(checkpoint);
      },
      list: () => saved.list(),
      remove: (id) => saved.remove(id),
    };
    const { pipeline, driver, run } = setup({
      checkpoints: store,
      onWarning: (message) => warnings.push(message),
    });
    const outcome = await run('(Echo :text "a")');
    expect(outcome.status).toBe('success');
    expect(await states(saved)).toEqual([['E', 'running', []]]);
    expect(warnings).toEqual([
      'The final journal of ToolCall E could not be written (disk full); until its settlement is committed, recovery would show the audit as last saved.',
    ]);
    await projectToolCall(pipeline, outcome, { driver });
    expect(await states(saved)).toEqual([['E', 'settled', ['success']]]);
  });
});
