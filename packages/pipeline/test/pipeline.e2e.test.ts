import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/pipeline as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/pipeline');
    const cjs = createRequire(import.meta.url)('@toolcall/pipeline');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.PipelineError.isInstance).toBe('function');
    expect(cjs.PipelineError.isInstance(new esm.PipelineError('invalid-arguments', 'x'))).toBe(
      true,
    );
  });

  it('runs a defined tool through the whole pipeline from both module formats', async () => {
    const require = createRequire(import.meta.url);
    for (const api of [await import('@toolcall/pipeline'), require('@toolcall/pipeline')]) {
      const { createPipeline, defineTool, path, z } = api as typeof import('@toolcall/pipeline');
      const read = defineTool({
        name: 'Read',
        description: 'Reads a file.',
        readOnly: true,
        args: z.object({
          file_path: path('The file.'),
          offset: z.number().int().min(1).optional(),
        }),
        handler: (args) => `read ${args.file_path}`,
      });
      const pipeline = createPipeline({
        tools: [read],
        rules: [{ tool: 'Read', path: 'secret/**', action: 'deny' }],
      });
      const ok = await pipeline.runTool({
        name: 'Read',
        input: { file_path: 'a.ts', offset: '2' },
        toolUseId: 'a',
      }).outcome;
      const denied = await pipeline.runTool({
        name: 'Read',
        input: { file_path: 'secret/k' },
        toolUseId: 'b',
      }).outcome;
      expect([ok.status, ok.result, ok.repair?.outcome, denied.error?.code]).toEqual([
        'success',
        'read a.ts',
        'repaired',
        'denied',
      ]);
      expect((await pipeline.project(ok)).text).toBe(
        'read a.ts\n\nNote: Repaired tool input: Parsed JSON integer at `offset`. Please use the corrected argument shape in later calls.',
      );
    }
  });

  it('compiles validators lazily and on precompile() from both module formats', async () => {
    const require = createRequire(import.meta.url);
    for (const api of [await import('@toolcall/pipeline'), require('@toolcall/pipeline')]) {
      const { createPipeline, wrapTool } = api as typeof import('@toolcall/pipeline');
      const broken = wrapTool({
        category: 'mcp',
        name: 'broken',
        description: 'A schema ajv cannot compile.',
        source: () => ({ inputSchema: { type: 'object', required: 'q' }, call: () => 'ok' }),
      });
      const pipeline = createPipeline({ tools: [broken], mode: 'full-auto' });
      expect(() => pipeline.precompile()).toThrow(
        'tool mcp/broken: cannot compile input schema: data/required must be array',
      );
      const outcome = await pipeline.runTool({ name: 'mcp/broken', input: {}, toolUseId: 'a' })
        .outcome;
      expect([outcome.status, outcome.error?.code]).toEqual(['error', 'handler-failed']);
    }
  });

  it('exposes the Node-only helpers at the /node subpath in both formats', async () => {
    const esm = await import('@toolcall/pipeline/node');
    const cjs = createRequire(import.meta.url)('@toolcall/pipeline/node');
    expect(Object.keys(esm).sort()).toEqual([
      'commandHook',
      'createFileArtifactStore',
      'createFileCheckpointStore',
      'createFileReader',
      'createHostCheckpoints',
      'createJsonlAppender',
      'nodePermissionFileSystem',
    ]);
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
  });

  it('runs a ToolCall script through the built package from both module formats', async () => {
    const require = createRequire(import.meta.url);
    for (const api of [await import('@toolcall/pipeline'), require('@toolcall/pipeline')]) {
      const {
        createCatalog,
        createPipeline,
        createToolCallDriver,
        createToolCallTool,
        defineTool,
        renderListing,
        searchCatalog,
        z,
      } = api as typeof import('@toolcall/pipeline');
      const echo = defineTool({
        name: 'Echo',
        description: 'Echoes its text. Returns it unchanged.',
        readOnly: true,
        groups: ['demo'],
        args: z.object({ text: z.string() }),
        handler: ({ text }) => text,
      });
      const pipeline = createPipeline({ tools: [echo] });
      const catalog = () => createCatalog({ tools: pipeline.tools(), discoverable: ['demo'] });
      const driver = createToolCallDriver({ pipeline });
      pipeline.register(createToolCallTool({ driver, catalog }));
      const outcome = await pipeline.runTool({
        name: 'ToolCall',
        input: { expression: '(concat (Echo :text "a") (Echo :text "b"))' },
        toolUseId: 'T',
      }).outcome;
      expect([outcome.status, outcome.result]).toEqual(['success', 'ab']);
      expect(renderListing(catalog(), { contextWindow: 200_000 }).text).toBe(
        'Specialist tools callable through ToolCall (ToolSearch gives full contracts):\n- (Echo :text string) - Echoes its text.',
      );
      expect(searchCatalog(catalog(), 'nothing')).toBe(
        'No tools match "nothing". Try one of these categories or groups: demo.',
      );
    }
  });
});
