import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { path } from '../args-dsl.js';
import { createCatalog } from '../catalog/catalog.js';
import { defineTool } from '../define-tool.js';
import { createFileCheckpointStore } from '../node/checkpoint-store.js';
import { createFileArtifactStore } from '../node/files.js';
import { createPipeline } from '../pipeline.js';
import type { ArtifactStore } from '../ports.js';
import { holdingFirstWrite } from '../testing/held-store.js';
import type { Tool } from '../tool-types.js';
import { recoverToolCalls } from './checkpoint.js';
import { createToolCallDriver, type ToolCallOptions } from './driver.js';
import { createToolCallTool, projectToolCall } from './tool-call-tool.js';

/** A real Read over node:fs with its own output limit, smaller than ToolCall's 30,000. */
const read = defineTool({
  name: 'Read',
  description: 'Reads a text file.',
  readOnly: true,
  maxResultSize: 1_000,
  args: z.object({ file_path: path('The file to read.') }),
  handler: async ({ file_path }) => readFile(file_path, 'utf8'),
}) as unknown as Tool;

/** Reads a file and fails with its text, as a tool whose error carries a long report. */
const check = defineTool({
  name: 'Check',
  description: 'Fails with the report in a file.',
  readOnly: true,
  maxResultSize: 1_000,
  args: z.object({ file_path: path('The report.') }),
  handler: async ({ file_path }) => ({
    status: 'error' as const,
    result: `Error: ${await readFile(file_path, 'utf8')}`,
  }),
}) as unknown as Tool;

const lines = (count: number, prefix = 'line') =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index}`).join('\n');

let root: string;
let files: { small: string; medium: string; large: string };
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ptc-delivery-'));
  files = { small: join(root, 'small.txt'), medium: join(root, 'medium.txt'), large: '' };
  files.large = join(root, 'large.txt');
  await writeFile(files.small, 'hello');
  // Over Read's 1,000-character limit, under ToolCall's 30,000.
  await writeFile(files.medium, lines(500));
  // Over ToolCall's limit.
  await writeFile(files.large, lines(4_000));
});
afterEach(() => rm(root, { recursive: true, force: true }));

function setup(
  options: {
    artifacts?: ArtifactStore | 'none';
    driver?: Partial<ToolCallOptions>;
    onWarning?: (message: string) => void;
  } = {},
) {
  const checkpoints = createFileCheckpointStore(join(root, 'checkpoints'));
  const artifacts =
    options.artifacts === 'none'
      ? undefined
      : (options.artifacts ?? createFileArtifactStore(join(root, 'artifacts')));
  const pipeline = createPipeline({
    tools: [read, check],
    rules: [{ tool: '*', path: `${root}/**`, action: 'allow' }],
    ...(artifacts === undefined ? {} : { artifacts }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  });
  const driver = createToolCallDriver({
    pipeline,
    checkpoints,
    settlementCommit: 'host',
    ...options.driver,
  });
  const catalog = () =>
    createCatalog({ tools: pipeline.tools(), native: pipeline.tools().map((tool) => tool.name) });
  pipeline.register(createToolCallTool({ driver, catalog }));
  const run = async (expression: string) => {
    const outcome = await pipeline.runTool({
      name: 'ToolCall',
      input: { expression },
      toolUseId: 'E',
    }).outcome;
    const projected = await projectToolCall(pipeline, outcome, { driver });
    const [checkpoint] = await checkpoints.list();
    return { outcome, projected, checkpoint };
  };
  return { checkpoints, driver, pipeline, run };
}

/** The file an `artifact://` address of the file artifact store names. */
const artifactFile = (address: string) =>
  join(root, 'artifacts', address.slice('artifact://'.length));

describe('the settled checkpoint records how the result was delivered', () => {
  it('persists an oversized script result once: the checkpoint keeps the preview and the address', async () => {
    const { run } = setup();
    const { projected, checkpoint } = await run(
      `(Read :file_path "${files.small}") (Read :file_path "${files.large}")`,
    );
    const full = lines(4_000);
    const delivery = checkpoint?.settlement?.delivery;
    expect(delivery?.mode).toBe('persisted');
    const address = delivery?.mode === 'persisted' ? delivery.artifact : '';
    expect([
      checkpoint?.state,
      delivery,
      projected.delivery,
      projected.artifact,
      projected.text.includes(`Full output saved to: ${address}`),
    ]).toEqual([
      'settled',
      { mode: 'persisted', characters: full.length, artifact: address },
      { mode: 'persisted', characters: full.length, artifact: address },
      address,
      true,
    ]);
    // Stored once, in full; the checkpoint holds only a bounded preview of it.
    expect(await readdir(join(root, 'artifacts'))).toHaveLength(1);
    expect(await readFile(artifactFile(address), 'utf8')).toBe(full);
    const preview = checkpoint?.settlement?.result ?? '';
    expect([
      full.startsWith(preview.slice(0, 2_000)),
      preview.endsWith(`… [${full.length - 2_000} more characters]`),
    ]).toEqual([true, true]);
  });

  it('records a result that fit as inline, with its character count', async () => {
    const { run } = setup();
    const { projected, checkpoint } = await run(`(Read :file_path "${files.small}")`);
    expect([projected.text, projected.artifact, checkpoint?.settlement]).toEqual([
      'hello',
      undefined,
      { status: 'success', result: 'hello', delivery: { mode: 'inline', characters: 5 } },
    ]);
  });

  it('applies the underlying tool’s limit to a direct call and persists its result', async () => {
    const { run } = setup();
    const { outcome, projected, checkpoint } = await run(`(Read :file_path "${files.medium}")`);
    const full = lines(500);
    expect(outcome.renderData).toMatchObject({ presentation: 'direct', renderAs: 'Read' });
    const delivery = checkpoint?.settlement?.delivery;
    const address = delivery?.mode === 'persisted' ? delivery.artifact : '';
    expect([delivery, projected.artifact]).toEqual([
      { mode: 'persisted', characters: full.length, artifact: address },
      address,
    ]);
    expect(await readFile(artifactFile(address), 'utf8')).toBe(full);
  });

  it('keeps the same text inline when a composed script returns it, under ToolCall’s limit', async () => {
    const { run } = setup();
    const { projected, checkpoint } = await run(
      `(Read :file_path "${files.small}") (Read :file_path "${files.medium}")`,
    );
    const full = lines(500);
    expect([projected.text, checkpoint?.settlement?.delivery]).toEqual([
      full,
      { mode: 'inline', characters: full.length },
    ]);
  });

  it('truncates an oversized error and never stores it', async () => {
    const { run } = setup();
    const { projected, checkpoint } = await run(`(Check :file_path "${files.medium}")`);
    const full = `Error: ${lines(500)}`;
    expect([
      checkpoint?.settlement?.status,
      checkpoint?.settlement?.delivery,
      projected.isError,
      projected.text.includes('characters omitted'),
      projected.artifact,
    ]).toEqual([
      'error',
      { mode: 'truncated', characters: full.length, reason: 'error' },
      true,
      true,
      undefined,
    ]);
    await expect(readdir(join(root, 'artifacts'))).rejects.toThrow('ENOENT');
  });

  it('records an oversized result without an artifact store as truncated, for want of a store', async () => {
    const { run } = setup({ artifacts: 'none' });
    const { projected, checkpoint } = await run(`(Read :file_path "${files.medium}")`);
    expect([
      checkpoint?.settlement?.delivery,
      projected.text.includes('The omitted content is unavailable'),
    ]).toEqual([{ mode: 'truncated', characters: lines(500).length, reason: 'no-store' }, true]);
  });

  it('records a store that failed to keep it as truncated, naming the failure', async () => {
    const { run } = setup({
      artifacts: { put: () => Promise.reject(new Error('the artifact disk is full')) },
    });
    const { checkpoint } = await run(`(Read :file_path "${files.medium}")`);
    expect(checkpoint?.settlement?.delivery).toEqual({
      mode: 'truncated',
      characters: lines(500).length,
      reason: 'store-failed',
    });
  });

  it('treats a store that answers without a usable address as failed, and still commits', async () => {
    for (const [address, named] of [
      [new URL('file:///kept/elsewhere.txt'), 'a URL object'],
      ['', 'an empty string'],
    ] as const) {
      const warnings: string[] = [];
      const { run } = setup({
        artifacts: { put: async () => ({ address }) as never },
        onWarning: (message) => warnings.push(message),
      });
      const projection = run(`(Read :file_path "${files.medium}")`);
      await expect(projection).resolves.toBeDefined();
      const { projected, checkpoint } = await projection;
      expect([
        projected.delivery,
        projected.artifact,
        projected.text.includes('The omitted content is unavailable'),
        checkpoint?.state,
        checkpoint?.settlement?.delivery,
      ]).toEqual([
        { mode: 'truncated', characters: lines(500).length, reason: 'store-failed' },
        undefined,
        true,
        'settled',
        { mode: 'truncated', characters: lines(500).length, reason: 'store-failed' },
      ]);
      expect(warnings).toEqual([
        `The oversized result could not be stored: the artifact store returned ${named} as its address; expected a non-empty address string`,
      ]);
      await rm(join(root, 'checkpoints'), { recursive: true, force: true });
    }
  });

  it('writes no delivery with the default settlementCommit, whose checkpoint precedes projection', async () => {
    const { run, driver, checkpoints } = setup({ driver: { settlementCommit: 'settlement' } });
    const { projected, checkpoint } = await run(`(Read :file_path "${files.medium}")`);
    const full = lines(500);
    expect(projected.delivery.mode).toBe('persisted');
    expect([checkpoint?.state, checkpoint?.settlement]).toEqual([
      'settled',
      {
        status: 'success',
        result: `${full.slice(0, 2_000)}… [${full.length - 2_000} more characters]`,
      },
    ]);
    // A later commit, delivery and all, changes nothing; it does not even read the options.
    await driver.commit('E', { delivery: projected.delivery });
    await driver.commit('E', { delivery: { mode: 'sent' } as never });
    expect(await checkpoints.list()).toEqual([checkpoint]);
  });

  it('records the delivery of a cancelled call committed while its script winds down', async () => {
    // The first checkpoint write is held back, so the call is cancelled, projected and
    // committed before its script has settled.
    const saved = createFileCheckpointStore(join(root, 'checkpoints'));
    const { store, release, ended } = holdingFirstWrite(saved);
    const { pipeline, driver } = setup({ driver: { checkpoints: store } });
    const running = pipeline.runTool({
      name: 'ToolCall',
      input: { expression: `(Read :file_path "${files.small}")` },
      toolUseId: 'E',
    });
    await new Promise((resolve) => setImmediate(resolve));
    running.cancel();
    const outcome = await running.outcome;
    const projected = await projectToolCall(pipeline, outcome, { driver });
    expect(projected.delivery.mode).toBe('inline');
    release();
    await ended;
    const [checkpoint] = await saved.list();
    expect([checkpoint?.state, checkpoint?.settlement?.delivery]).toEqual([
      'settled',
      projected.delivery,
    ]);
  });

  it('refuses a malformed delivery record, naming what was wrong', async () => {
    const { driver } = setup();
    expect(() =>
      driver.commit('E', { delivery: { mode: 'sent', characters: 3 } as never }),
    ).toThrow(
      "ToolCallDriver.commit: delivery mode must be 'inline', 'truncated' or 'persisted', received sent; expected ProviderResult.delivery",
    );
    expect(() =>
      driver.commit('E', { delivery: { mode: 'persisted', characters: 3 } as never }),
    ).toThrow('delivery artifact must be the address of the stored text');
    expect(() =>
      driver.commit('E', { delivery: { mode: 'inline', characters: -1 } as never }),
    ).toThrow('delivery characters must be a non-negative integer, received -1');
    expect(() =>
      driver.commit('E', { delivery: { mode: 'truncated', characters: 1 } as never }),
    ).toThrow("delivery reason must be 'error', 'no-store' or 'store-failed', received undefined");
  });
});

describe('checkpoints written before delivery was recorded', () => {
  it('are listed and recovered as before', async () => {
    const directory = join(root, 'checkpoints');
    const { checkpoints, run } = setup();
    await run(`(Read :file_path "${files.small}")`);
    // Files as an older version wrote them: a settled one without delivery, and a running one.
    const older = [
      {
        version: 1,
        envelopeId: 'old-settled',
        state: 'settled',
        children: [],
        settlement: { status: 'success', result: 'kept' },
      },
      { version: 1, envelopeId: 'old-running', state: 'running', children: [] },
    ];
    for (const checkpoint of older) {
      await writeFile(
        join(directory, `${checkpoint.envelopeId}.toolcall.json`),
        JSON.stringify(checkpoint),
      );
    }
    const listed = await checkpoints.list();
    expect(listed.map((checkpoint) => [checkpoint.envelopeId, checkpoint.settlement])).toEqual([
      ['E', { status: 'success', result: 'hello', delivery: { mode: 'inline', characters: 5 } }],
      ['old-running', undefined],
      ['old-settled', { status: 'success', result: 'kept' }],
    ]);
    const recovered = await recoverToolCalls(checkpoints);
    expect(recovered.map((record) => record.toolUseId)).toEqual(['old-running']);
    expect((await checkpoints.list()).map((checkpoint) => checkpoint.envelopeId)).toEqual([
      'E',
      'old-settled',
    ]);
  });
});
