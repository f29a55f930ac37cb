import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let root = '';
beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-tools-e2e-')));
  await writeFile(path.join(root, 'a.txt'), 'hello needle\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

type Module = typeof import('@toolcall/tools');

async function exercise(tools: Module): Promise<unknown[]> {
  const set = tools.createToolSet({ workspace: root, permissions: { mode: 'full-auto' } });
  try {
    return await runAll(set.pipeline);
  } finally {
    await set.close();
  }
}

async function runAll(
  pipeline: ReturnType<Module['createToolSet']>['pipeline'],
): Promise<unknown[]> {
  const results: unknown[] = [];
  const calls: [string, Record<string, unknown>][] = [
    ['Read', { file_path: 'a.txt' }],
    ['Glob', { pattern: '*.txt' }],
    ['Grep', { pattern: 'needle', output_mode: 'count' }],
    ['ApplyPatch', { patch: '*** Begin Patch\n*** Add File: b.txt\n+b\n*** End Patch' }],
    ['ApplyPatch', { patch: '*** Begin Patch\n*** Delete File: b.txt\n*** End Patch' }],
    ['Bash', { command: 'cat a.txt', description: 'Show a.txt' }],
  ];
  for (const [index, [name, input]] of calls.entries()) {
    const outcome = await pipeline.runTool({ name, input, toolUseId: `toolu_${index}` }).outcome;
    results.push(outcome.result);
  }
  return results;
}

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS, and runs every file tool with each.
describe('@toolcall/tools as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/tools');
    const cjs = createRequire(import.meta.url)('@toolcall/tools') as Module;
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(cjs.ToolsError.isInstance(new esm.ToolsError('invalid-tool-set', 'x'))).toBe(true);
  });

  it('runs Read, Glob, Grep, ApplyPatch and Bash (ripgrep and the bash grammar included) from both builds', async () => {
    const expected = [
      '1\thello needle',
      path.join(root, 'a.txt'),
      `${path.join(root, 'a.txt')}:1`,
      'Applied patch: 1 change\nApplied: b.txt',
      'Applied patch: 1 change\nApplied: b.txt',
      expect.stringMatching(/^hello needle\n[\s\S]*exit_code="0"/),
    ];
    expect(await exercise(await import('@toolcall/tools'))).toEqual(expected);
    expect(await exercise(createRequire(import.meta.url)('@toolcall/tools') as Module)).toEqual(
      expected,
    );
  });

  it('passes ToolCall progress and added rules to the options of both builds', async () => {
    for (const tools of [
      await import('@toolcall/tools'),
      createRequire(import.meta.url)('@toolcall/tools') as Module,
    ]) {
      const completed: number[] = [];
      const scopes: string[] = [];
      const set = tools.createToolSet({
        workspace: root,
        permissions: { mode: 'ask' },
        askUser: () => 'allow-always',
        onProgress: (progress) => completed.push(progress.completed),
        onRuleAdded: (_rule, scope) => scopes.push(scope),
      });
      try {
        const outcome = await set.pipeline.runTool({
          name: 'ToolCall',
          input: { expression: '(Bash :command "touch made" :description "Make a file")' },
          toolUseId: 'toolu_progress',
        }).outcome;
        expect(outcome.status).toBe('success');
        expect([completed.at(-1), scopes]).toEqual([1, ['always']]);
      } finally {
        await set.close();
      }
    }
  });

  it('delivers a background completion to the next projected result and to a subscriber from both builds', async () => {
    for (const tools of [
      await import('@toolcall/tools'),
      createRequire(import.meta.url)('@toolcall/tools') as Module,
    ]) {
      const set = tools.createToolSet({ workspace: root, permissions: { mode: 'full-auto' } });
      try {
        const heard = new Promise<string[]>((resolve) => {
          set.events.subscribe((event) => resolve([event.type, ...event.texts]));
        });
        await set.pipeline.runTool({
          name: 'Bash',
          input: { command: 'sleep 0.5', description: 'Wait', yield_time_ms: 250 },
          toolUseId: 'toolu_wait',
        }).outcome;
        const [type, text] = await heard;
        const next = await set.pipeline.runTool({
          name: 'Glob',
          input: { pattern: '*.txt' },
          toolUseId: 'toolu_next',
        }).outcome;
        const projected = (await set.pipeline.project(next)).text;
        expect([type, projected]).toEqual([
          'execution-end',
          `${path.join(root, 'a.txt')}\n\n${tools.EVENT_LEAD}\n${text}`,
        ]);
      } finally {
        await set.close();
      }
    }
  });
});
