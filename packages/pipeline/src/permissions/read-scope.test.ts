import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline, type PipelineOptions } from '../pipeline.js';
import { copyTool, readTool, writeTool } from '../testing/tools.js';
import { PermissionPolicy } from './policy.js';
import type { PermissionRequest } from './types.js';

let root: string;
let ws: string;
let home: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'policy-scope-')));
  ws = join(root, 'ws');
  home = join(root, 'home', 'u');
  await mkdir(join(home, '.ssh'), { recursive: true });
  await mkdir(join(ws, 'src'), { recursive: true });
  await mkdir(join(root, 'shared'), { recursive: true });
  await writeFile(join(home, '.ssh', 'id_rsa'), 'key');
  await writeFile(join(ws, 'src', 'a.txt'), 'a');
  await writeFile(join(root, 'shared', 'notes.md'), 'n');
  await symlink('/etc', join(ws, 'etc-link'));
  await symlink(join(home, '.ssh'), join(ws, 'ssh'));
  await symlink(join(ws, 'src'), join(ws, 'src-link'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function readWith(path: string, options: PipelineOptions = {}) {
  const asked: PermissionRequest[] = [];
  const pipeline = createPipeline({
    tools: [readTool, writeTool],
    workingDirectory: ws,
    workspace: ws,
    home,
    asker: (request) => {
      asked.push(request);
      return 'deny-once';
    },
    ...options,
  });
  const outcome = await pipeline.runTool({
    name: 'Read',
    input: { file_path: path },
    toolUseId: 'r',
  }).outcome;
  return { status: outcome.status, asked: asked.map((request) => request.reason) };
}

describe('the path scope of createPipeline({ workspace })', () => {
  it('asks before a read outside the workspace, however it is spelled', async () => {
    const outside = [
      '/etc/passwd',
      '~/.ssh/id_rsa',
      '../x',
      '~/../../etc/passwd',
      'etc-link/passwd',
      'ssh/id_rsa',
      'src/../../shared/notes.md',
      'x://../../etc/passwd',
    ];
    const results = [];
    for (const path of outside) results.push((await readWith(path)).asked.length);
    expect(results).toEqual(outside.map(() => 1));
    expect((await readWith('etc-link/passwd')).asked).toEqual([
      'read of `etc-link/passwd` (/etc/passwd) is outside the workspace and every read root',
    ]);
  });

  it('reads inside the workspace without a question, through links that stay inside', async () => {
    const results = [];
    for (const path of ['src/a.txt', './src/../src/a.txt', 'src-link/a.txt', `${ws}/src/a.txt`])
      results.push(await readWith(path));
    expect(results).toEqual(results.map(() => ({ status: 'success', asked: [] })));
  });

  it('denies a read outside when no one can be asked', async () => {
    const pipeline = createPipeline({ tools: [readTool], workspace: ws, workingDirectory: ws });
    const outcome = await pipeline.runTool({
      name: 'Read',
      input: { file_path: '/etc/passwd' },
      toolUseId: 'r',
    }).outcome;
    expect([outcome.error?.code, outcome.result]).toEqual([
      'denied',
      'Error: Permission denied: approval is required (read of `/etc/passwd` is outside the workspace and every read root) and no one can be asked.',
    ]);
  });

  it('lets read roots, absolute allow rules and full-auto reach outside; a deny still wins', async () => {
    expect([
      await readWith(join(root, 'shared', 'notes.md'), { readRoots: [join(root, 'shared')] }),
      await readWith('/etc/hostname', {
        rules: [{ tool: 'Read', path: '/etc/**', action: 'allow' }],
      }),
      await readWith('etc-link/hostname', {
        rules: [{ tool: 'Read', path: '/etc/**', action: 'allow' }],
      }),
      await readWith('/etc/hostname', { mode: 'full-auto' }),
      await readWith('~/.ssh/id_rsa', {
        readRoots: ['~'],
        rules: [{ path: '~/.ssh/**', action: 'deny' }],
      }),
    ]).toEqual([
      { status: 'success', asked: [] },
      { status: 'success', asked: [] },
      { status: 'success', asked: [] },
      { status: 'success', asked: [] },
      { status: 'error', asked: [] },
    ]);
    // A relative allow rule never reaches outside: `**` does not lift the scope.
    expect(
      (await readWith('/etc/hostname', { rules: [{ tool: 'Read', path: '**', action: 'allow' }] }))
        .asked,
    ).toHaveLength(1);
  });

  it('asks before a write outside the workspace in edits mode; read roots are for reads only', async () => {
    const pipeline = createPipeline({
      tools: [writeTool],
      workspace: ws,
      workingDirectory: ws,
      mode: 'edits',
      readRoots: [join(root, 'shared')],
    });
    expect([
      pipeline.decideNow({ name: 'Write', input: { file_path: 'src/b.txt', content: '' } })
        .decision,
      pipeline.decideNow({ name: 'Write', input: { file_path: '../shared/b.txt', content: '' } }),
    ]).toEqual([
      'allow',
      {
        decision: 'ask',
        reason: `write to \`../shared/b.txt\` (${root}/shared/b.txt) is outside the workspace`,
        source: 'scope',
      },
    ]);
  });

  it('keeps resource addresses readable: they are not filesystem paths', () => {
    const policy = new PermissionPolicy([], 'ask', {
      workingDirectory: ws,
      homeDirectory: home,
      workspace: ws,
    });
    const read = (path: string) =>
      policy.decide(copyTool, {
        paths: [{ path, access: 'read' }],
        pattern: undefined,
        domain: undefined,
        name: undefined,
      }).decision;
    // Copy is not read-only, so ask mode asks; what matters is that the reason is not the scope.
    expect(
      ['toolcall://docs/tools.md', 'artifact://a-1.txt', 'work://notes.md'].map((path) =>
        new PermissionPolicy([], 'edits', {
          workingDirectory: ws,
          homeDirectory: home,
          workspace: ws,
        }).decide(
          { ...readTool },
          {
            paths: [{ path, access: 'read' }],
            pattern: undefined,
            domain: undefined,
            name: undefined,
          },
        ),
      ),
    ).toEqual(
      [0, 1, 2].map(() => ({ decision: 'allow', reason: 'read-only tool', source: 'mode' })),
    );
    expect(read('/etc/passwd')).toBe('ask');
  });
});
