import { defineTool, z } from '@toolcall/pipeline';
import type { RenderContext, RenderData, Renderer } from '@toolcall/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { builtinToolRenderers, createToolSetRenderers } from './tool-set-renderers.js';

/** One settled call of each built-in tool, as its handler leaves it. */
interface Sample {
  readonly args: Record<string, unknown>;
  readonly result: string;
  readonly renderData?: RenderData;
  readonly header: string;
}

const facts = {
  executionId: 'x1',
  command: 'echo hi',
  state: 'completed',
  termination: 'exited',
  exitCode: 0,
  outcome: 'success',
  wallTimeMs: 40,
  outputBytes: 3,
  outputLines: 1,
};
const execution = {
  kind: 'bash-execution',
  command: 'echo hi',
  output: 'hi\n',
  omittedBytes: 0,
  facts,
};

const samples: Readonly<Record<string, Sample>> = {
  Read: {
    args: { file_path: 'a.ts' },
    result: '1\tx',
    renderData: { lines: 1 },
    header: 'Read a.ts (1 line)',
  },
  Glob: { args: { pattern: '*.ts' }, result: 'a.ts', header: 'Glob "*.ts" (1 file)' },
  Grep: {
    args: { pattern: 'x', output_mode: 'content' },
    result: 'a.ts\n1:x',
    header: 'Grep "x" (1 match in 1 file)',
  },
  ApplyPatch: {
    args: { patch: '…' },
    result: 'Updated a.ts',
    renderData: {
      files: [{ path: 'a.ts', diff: '--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-x\n+y\n' }],
    },
    header: 'ApplyPatch a.ts (+1 −1)',
  },
  Bash: {
    args: { command: 'echo hi' },
    result: 'hi',
    renderData: execution,
    header: 'Bash echo hi (done, 0.0s)',
  },
  WriteStdin: {
    args: { execution_id: 'x1', chars: 'y\n' },
    result: 'ok',
    renderData: execution,
    header: 'WriteStdin input x1 (done)',
  },
  ListExecutions: {
    args: {},
    result: '<bash-execution execution_id="x1"/>',
    renderData: { executions: [facts] },
    header: 'ListExecutions (1 live)',
  },
  StopExecution: {
    args: { execution_id: 'x1' },
    result: 'hi',
    renderData: execution,
    header: 'StopExecution x1 (done, 0.0s)',
  },
  Monitor: {
    args: { description: 'logs', command: 'tail -f log' },
    result: 'Watching',
    header: 'Monitor: Watching logs',
  },
  Skill: {
    args: { skill: 'pdf' },
    result: 'Skill pdf …',
    renderData: {
      skill: 'pdf',
      origin: 'local-toolcall',
      address: 'skill://local-toolcall/pdf',
      files: 3,
      truncated: false,
    },
    header: 'Skill pdf (local-toolcall, 3 files)',
  },
  Outline: {
    args: { file_path: 'a.ts' },
    result: 'a.ts:1: [Variable] a\na.ts:2: [Function] b',
    header: 'Outline a.ts (2 definitions)',
  },
  Node: {
    args: { file_path: 'a.ts', line: 1, column: 4 },
    result: 'Node Type: identifier\nRange: 1:4-1:5',
    header: 'Node a.ts:1:4 (identifier)',
  },
  WebFetch: {
    args: { url: 'https://example.com/' },
    result: '# Example',
    renderData: { url: 'https://example.com/', status: 200, contentType: 'text/html', bytes: 9 },
    header: expect.stringContaining('example.com'),
  } as unknown as Sample,
  WebSearch: {
    args: { query: 'toolcall' },
    result: '1. [A](https://a.example/)',
    renderData: { query: 'toolcall', results: 1 },
    header: expect.stringContaining('toolcall'),
  } as unknown as Sample,
  Ask: {
    args: { questions: [{ question: 'Which?', options: [{ label: 'A' }] }] },
    result: '1. Which?\n   Answer: A',
    renderData: { questions: 1, answered: 1 },
    header: 'Ask: 1 question (1 answered)',
  },
  ToolSearch: {
    args: { query: 'Outline' },
    result: '## Outline\n\n(Outline :file_path "…")',
    header: 'ToolSearch "Outline" (1 contract)',
  },
  ToolCall: {
    args: { expression: '(Read :file_path "a.ts")' },
    result: '1\tx',
    renderData: {
      kind: 'toolcall',
      presentation: 'direct',
      renderAs: 'Read',
      header: { title: 'Read', status: 'success' },
      childCalls: [
        {
          id: 'E/1',
          tool: 'Read',
          args: { file_path: 'a.ts' },
          result: '1\tx',
          status: 'success',
          batch: null,
          renderData: { lines: 1 },
        },
      ],
      returned: null,
    },
    header: 'Read a.ts (1 line)',
  },
  Returned: { args: {}, result: 'a\nb', header: 'Returned (2 lines)' },
};

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    askQuestions: async () => ({ status: 'submitted', answers: [] }),
  });
});
afterAll(() => workspace.dispose());

function draw(renderer: Renderer | undefined, name: string, sample: Sample) {
  const context: RenderContext = { summaryOnly: true, status: 'success', id: 'E' };
  return renderer?.(name, sample.args, sample.result, sample.renderData ?? null, context) ?? null;
}

describe('createToolSetRenderers', () => {
  it('gives every tool of a tool set, and the Returned row, a renderer of its own', () => {
    const { pipeline, renderers } = workspace.toolSet;
    const names = [...pipeline.tools().map((tool) => tool.name), 'Returned'];
    expect(names).toContain('Ask');
    for (const name of names) {
      const sample = samples[name];
      // A new built-in tool needs a renderer in `builtinToolRenderers` and a sample here.
      expect({ name, sampled: sample !== undefined, registered: renderers.has(name) }).toEqual({
        name,
        sampled: true,
        registered: true,
      });
      const rendering = draw(renderers.resolve(name, 'success'), name, sample!);
      expect({ name, header: rendering?.header }).toEqual({ name, header: sample!.header });
    }
  });

  it('registers a harness tool’s own renderer, and keeps the built-in one for a replacement without one', () => {
    const own: Renderer = (name) => ({ header: `${name} (own)` });
    const tool = (name: string, renderer?: unknown) =>
      defineTool({
        name,
        description: 'A harness tool.',
        args: z.object({}),
        handler: () => ({ result: '' }),
        ...(renderer === undefined ? {} : { renderer }),
      });
    const registry = createToolSetRenderers([
      tool('Custom', own),
      tool('Read'),
      tool('Broken', { success: 'not a function' }),
    ]);
    expect(draw(registry.resolve('Custom', 'success'), 'Custom', samples.Read!)?.header).toBe(
      'Custom (own)',
    );
    expect(draw(registry.resolve('Read', 'success'), 'Read', samples.Read!)?.header).toBe(
      'Read a.ts (1 line)',
    );
    expect(registry.has('Broken')).toBe(false);
    expect(Object.keys(builtinToolRenderers)).not.toContain('ToolCall');
  });
});
