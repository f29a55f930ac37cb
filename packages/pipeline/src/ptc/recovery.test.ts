import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileCheckpointStore } from '../node/checkpoint-store.js';
import { recoverToolCalls } from './checkpoint.js';

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

describe('recoverToolCalls', () => {
  it('turns the checkpoint of a killed process into one settled, interrupted ToolCall record', async () => {
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
    process.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const store = createFileCheckpointStore(checkpoints);
    const recovered = await recoverToolCalls(store);
    expect(recovered).toEqual([
      {
        toolUseId: 'toolu_1',
        toolName: 'ToolCall',
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
