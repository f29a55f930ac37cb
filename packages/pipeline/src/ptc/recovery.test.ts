import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/catalog.js';
import { createFileCheckpointStore } from '../node/checkpoint-store.js';
import { createPipeline } from '../pipeline.js';
import {
  type CheckpointStore,
  createMemoryCheckpointStore,
  recoverToolCalls,
  type ToolCallCheckpoint,
} from './checkpoint.js';
import { createToolCallDriver } from './driver.js';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

// The child runs a real ToolCall through the built package, autosaves its journal once the
// first nested call has settled, then hangs in the second until the parent kills it.
const child = `
const api = await import(${JSON.stringify(pathToFileURL(join(dist, 'index.js')).href)});
const { createFileCheckpointStore } = await import(${JSON.stringify(pathToFileURL(join(dist, 'node.js')).href)});
const { createCatalog, createPipeline, createToolCallDriver, createToolCallTool, defineTool, z } = api;
const store = createFileCheckpointStore(process.argv[2]);
const done = defineTool({ name: 'Done', description: 'Finishes.', readOnly: true, args: z.object({}), handler: () => 'done' });
const hang = defineTool({
  name: 'Hang', description: 'Never finishes.', readOnly: true, args: z.object({}),
  handler: async () => {
    await store.write(driver.journals()[0]);
    process.stdout.write('hanging\\n');
    return new Promise(() => {});
  },
});
const pipeline = createPipeline({ tools: [done, hang] });
const driver = createToolCallDriver({ pipeline, checkpoints: store });
const catalog = () => createCatalog({ tools: pipeline.tools(), native: ['Done', 'Hang'] });
pipeline.register(createToolCallTool({ driver, catalog }));
pipeline.runTool({ name: 'ToolCall', input: { expression: '(Done) (Hang)' }, toolUseId: 'toolu_1' });
`;

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'ptc-recovery-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const running: ToolCallCheckpoint = {
  version: 1,
  envelopeId: 'E1',
  state: 'running',
  children: [],
};

describe('recoverToolCalls', () => {
  it('leaves the checkpoint of a live process and, once it is killed, recovers it as one settled, interrupted ToolCall record', async () => {
    const script = join(directory, 'child.mjs');
    await writeFile(script, child);
    const checkpoints = join(directory, 'checkpoints');
    const process = spawn(globalThis.process.execPath, [script, checkpoints], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      process.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('hanging')) resolve();
      });
      process.on('exit', (code) => reject(new Error(`the child exited early (${code})`)));
    });
    const exited = new Promise((resolve) => process.on('exit', (_code, signal) => resolve(signal)));
    const store = createFileCheckpointStore(checkpoints);
    // Another process sharing the session still runs the script: recovery leaves it alone.
    try {
      expect(await recoverToolCalls(store)).toEqual([]);
      const [live] = await store.list();
      expect([live?.envelopeId, live?.state, live?.writer?.pid]).toEqual([
        'toolu_1',
        'running',
        process.pid,
      ]);
    } finally {
      process.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');

    const recovered = await recoverToolCalls(store);
    expect(recovered).toEqual([
      {
        toolUseId: 'toolu_1',
        toolName: 'ToolCall',
        // The script as it was, so a host can show what was interrupted.
        args: { expression: '(Done) (Hang)' },
        status: 'error',
        // The model is told which calls took effect: the audit never reaches it.
        result: [
          'Error: The ToolCall script was interrupted and will not resume; completed nested calls were not rolled back.',
          '',
          'Work already done (not rolled back): 1 of 2 nested calls succeeded.',
          '- toolu_1/1 Done: success',
          '- toolu_1/2 Hang: interrupted',
        ].join('\n'),
        renderData: {
          kind: 'toolcall',
          presentation: 'script',
          renderAs: 'ToolCall',
          header: { title: 'ToolCall: 2 calls (1 interrupted)', status: 'interrupted' },
          summary: {
            calls: 2,
            succeeded: 1,
            failed: 0,
            denied: 0,
            cancelled: 0,
            interrupted: 1,
            batches: 0,
          },
          childCalls: [
            {
              id: 'toolu_1/1',
              tool: 'Done',
              args: {},
              result: 'done',
              status: 'success',
              batch: null,
              renderData: null,
            },
            {
              id: 'toolu_1/2',
              tool: 'Hang',
              args: {},
              result: 'Interrupted: the session ended before this call settled.',
              status: 'interrupted',
              batch: null,
              renderData: null,
            },
          ],
          returned: null,
          failure: {
            kind: 'interrupted',
            budget: null,
            message: 'the session ended while the script ran',
          },
          feedback: [],
        },
      },
    ]);
    // Recovery consumes the checkpoint: a second recovery finds nothing.
    expect(await store.list()).toEqual([]);
    expect(await recoverToolCalls(store)).toEqual([]);
  }, 60_000);
});

describe('recoverToolCalls with writers', () => {
  it("leaves this process's own running checkpoint alone", async () => {
    const store = createFileCheckpointStore(directory);
    await store.write(running);
    expect(await recoverToolCalls(store)).toEqual([]);
    expect((await store.list()).map((checkpoint) => checkpoint.envelopeId)).toEqual(['E1']);
  });

  it('recovers a checkpoint written without a writer, as before writers were stamped', async () => {
    await writeFile(join(directory, 'E1.toolcall.json'), JSON.stringify(running));
    const store = createFileCheckpointStore(directory);
    // Nor did such a file keep its script: the record has no arguments.
    expect(
      (await recoverToolCalls(store)).map((record) => [record.toolUseId, record.args]),
    ).toEqual([['E1', undefined]]);
    expect(await store.list()).toEqual([]);
  });

  it('keeps a long script bounded in the checkpoint it recovers', async () => {
    const store = createMemoryCheckpointStore();
    const pipeline = createPipeline({ tools: [] });
    const long = `(progn ${'1 '.repeat(1_500)}"done")`;
    const writes: string[] = [];
    const watched = {
      ...store,
      write: (checkpoint: ToolCallCheckpoint) => {
        writes.push(checkpoint.expression ?? '');
        return store.write(checkpoint);
      },
    };
    const driver = createToolCallDriver({ pipeline, checkpoints: watched });
    await driver.run({
      expression: long,
      envelopeId: 'E9',
      catalog: createCatalog({ tools: [], native: [] }),
    });
    expect(writes[0]).toBe(`${long.slice(0, 2_000)}… [${long.length - 2_000} more characters]`);
  });

  it('recovers every running checkpoint of a store that cannot tell writers apart', async () => {
    const store = createMemoryCheckpointStore();
    await store.write(running);
    await store.write({ ...running, envelopeId: 'E2', state: 'settled' });
    expect((await recoverToolCalls(store)).map((record) => record.toolUseId)).toEqual(['E1']);
    expect((await store.list()).map((checkpoint) => checkpoint.envelopeId)).toEqual(['E2']);
  });

  it("asks the store about each running checkpoint's writer", async () => {
    const memory = createMemoryCheckpointStore();
    await memory.write(running);
    await memory.write({ ...running, envelopeId: 'E2' });
    const asked: string[] = [];
    const store: CheckpointStore = {
      write: (checkpoint) => memory.write(checkpoint),
      list: () => memory.list(),
      remove: (envelopeId) => memory.remove(envelopeId),
      isWriterRunning: (checkpoint) => {
        asked.push(checkpoint.envelopeId);
        return Promise.resolve(checkpoint.envelopeId === 'E2');
      },
    };
    expect((await recoverToolCalls(store)).map((record) => record.toolUseId)).toEqual(['E1']);
    expect(asked).toEqual(['E1', 'E2']);
    expect((await store.list()).map((checkpoint) => checkpoint.envelopeId)).toEqual(['E2']);
  });

  it('names an isWriterRunning that is not a function', async () => {
    const memory = createMemoryCheckpointStore();
    await memory.write(running);
    const store = { ...memory, isWriterRunning: true } as unknown as CheckpointStore;
    await expect(recoverToolCalls(store)).rejects.toThrow(
      new TypeError(
        'CheckpointStore: isWriterRunning must be a function when present, received boolean',
      ),
    );
  });
});
