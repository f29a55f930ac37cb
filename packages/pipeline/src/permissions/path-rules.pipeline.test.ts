import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { path } from '../args-dsl.js';
import { defineTool } from '../define-tool.js';
import { createPipeline } from '../pipeline.js';

let root: string;
let workspace: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolcall-path-rules-'));
  workspace = join(root, 'ws');
  await mkdir(join(workspace, 'src'), { recursive: true });
  await mkdir(join(workspace, 'sub'), { recursive: true });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function createWriteTool(directory: string) {
  return defineTool({
    name: 'Write',
    description: 'Writes a file.',
    args: z.object({ file_path: path('Where to write.'), content: z.string() }),
    handler: async (args) => {
      await writeFile(resolve(directory, args.file_path), args.content);
      return `wrote ${args.file_path}`;
    },
  });
}

function createWorkspacePipeline() {
  return createPipeline({
    tools: [createWriteTool(workspace)],
    workingDirectory: workspace,
    rules: [
      { tool: 'Write', path: 'src/**', action: 'allow' },
      { tool: '*', path: '**/.env', action: 'deny' },
      { tool: '*', path: `${workspace}/sub/keys`, action: 'deny' },
    ],
  });
}

describe('createPipeline({ workingDirectory }) with path rules', () => {
  it('writes files the allow rule covers, however they are spelled', async () => {
    const pipeline = createWorkspacePipeline();
    const spellings = ['src/a.txt', './src/b.txt', `${workspace}/src/c.txt`, 'sub/../src/d.txt'];
    const statuses = [];
    for (const [index, filePath] of spellings.entries()) {
      const outcome = await pipeline.runTool({
        name: 'Write',
        input: { file_path: filePath, content: filePath },
        toolUseId: `call-${index}`,
      }).outcome;
      statuses.push(outcome.status);
    }
    expect(statuses).toEqual(['success', 'success', 'success', 'success']);
    expect(await readFile(join(workspace, 'src', 'd.txt'), 'utf8')).toBe('sub/../src/d.txt');
  });

  it('refuses a traversal out of the allowed directory and every spelling of a denied file', async () => {
    const pipeline = createWorkspacePipeline();
    const spellings = [
      'src/../.env',
      './.env',
      'sub/./.env',
      'sub//.env',
      `${workspace}/src/../.env`,
      '../ws/.env',
      'src/../sub/keys',
      'sub/./keys',
      'src/../../outside.txt',
    ];
    const results = [];
    for (const [index, filePath] of spellings.entries()) {
      const outcome = await pipeline.runTool({
        name: 'Write',
        input: { file_path: filePath, content: 'secret' },
        toolUseId: `call-${index}`,
      }).outcome;
      results.push([outcome.status, outcome.error?.code]);
    }
    expect(results).toEqual(spellings.map(() => ['error', 'denied']));
    expect(
      [join(workspace, '.env'), join(workspace, 'sub', '.env'), join(workspace, 'sub', 'keys')]
        .concat(join(root, 'outside.txt'))
        .filter((file) => existsSync(file)),
    ).toEqual([]);
  });

  it('gives decideNow the same answer as a run', () => {
    const pipeline = createWorkspacePipeline();
    expect([
      pipeline.decideNow({ name: 'Write', input: { file_path: 'src/../.env', content: '' } }),
      pipeline.decideNow({ name: 'Write', input: { file_path: 'src/../src/e.txt', content: '' } }),
    ]).toEqual([
      {
        decision: 'deny',
        reason: 'deny rule for * path **/.env',
        source: 'rule',
        rule: { tool: '*', path: '**/.env', action: 'deny' },
      },
      {
        decision: 'allow',
        reason: 'allow rule for Write path src/**',
        source: 'rule',
        rule: { tool: 'Write', path: 'src/**', action: 'allow' },
      },
    ]);
  });

  it('throws a TypeError for a working directory that is not an absolute path', () => {
    expect(() => createPipeline({ workingDirectory: 'ws' })).toThrow(
      'createPipeline: workingDirectory must be an absolute POSIX path (starting with /), received "ws"',
    );
  });
});
