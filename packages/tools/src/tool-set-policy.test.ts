import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PermissionRequest } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSet, type ToolSet } from './tool-set.js';

let root: string;
let set: ToolSet;
const asked: PermissionRequest[] = [];

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolset-scope-')));
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src', 'a.txt'), 'inside\n');
  await symlink('/etc', path.join(root, 'etc-link'));
  // Defaults: ask mode, no rules; the asker declines so nothing outside is read.
  set = createToolSet({
    workspace: root,
    session: { id: 's1' },
    askUser: (request) => {
      asked.push(request);
      return 'deny-once';
    },
  });
});
afterAll(async () => {
  await set.close();
  await rm(root, { recursive: true, force: true });
});

async function read(filePath: string) {
  const before = asked.length;
  const outcome = await set.pipeline.runTool({
    name: 'Read',
    input: { file_path: filePath },
    toolUseId: `r-${filePath}`,
  }).outcome;
  return { status: outcome.status, asked: asked.slice(before).map((request) => request.reason) };
}

describe('createToolSet({ workspace }) keeps reads in the workspace by default', () => {
  it('asks before reading outside the workspace, however it is spelled', async () => {
    const spellings = [
      '/etc/passwd',
      '~/.ssh/id_rsa',
      '../x',
      '~/../etc/passwd',
      'etc-link/passwd',
    ];
    const results = [];
    for (const spelling of spellings) results.push(await read(spelling));
    expect(results.map((result) => [result.status, result.asked.length])).toEqual(
      spellings.map(() => ['error', 1]),
    );
    expect(results[4]?.asked).toEqual([
      'read of `etc-link/passwd` (/etc/passwd) is outside the workspace and every read root',
    ]);
  });

  it('reads inside the workspace without a question', async () => {
    expect(await read('src/a.txt')).toEqual({ status: 'success', asked: [] });
  });

  it('asks for Grep and Glob paths outside the workspace too', async () => {
    const before = asked.length;
    const grep = await set.pipeline.runTool({
      name: 'Grep',
      input: { pattern: 'root', path: 'etc-link' },
      toolUseId: 'g',
    }).outcome;
    expect([grep.status, asked.length - before]).toEqual(['error', 1]);
  });
});

describe('createToolSet({ planMode }) holds plan mode on every tool that can change things', () => {
  it('denies Bash that can write and WriteStdin while planning, and still reads', async () => {
    const planning = createToolSet({
      workspace: root,
      session: { id: 's2' },
      planMode: 'plan',
      permissions: { mode: 'full-auto' },
    });
    try {
      const bash = await planning.pipeline.runTool({
        name: 'Bash',
        input: { command: 'touch made-in-plan-mode', description: 'touch' },
        toolUseId: 'b',
      }).outcome;
      const stdin = await planning.pipeline.runTool({
        name: 'WriteStdin',
        input: { execution_id: 'x', chars: 'y' },
        toolUseId: 'w',
      }).outcome;
      const read = await planning.pipeline.runTool({
        name: 'Read',
        input: { file_path: 'src/a.txt' },
        toolUseId: 'r',
      }).outcome;
      const listing = await planning.pipeline.runTool({
        name: 'Bash',
        input: { command: 'ls src | wc -l', description: 'count' },
        toolUseId: 'l',
      }).outcome;
      expect([bash.result, stdin.error?.code, read.status, listing.status]).toEqual([
        'Error: Permission denied: Plan mode is read-only and segment `touch made-in-plan-mode` is not proved read-only.',
        'denied',
        'success',
        // A command whose every segment is proved read-only still runs while planning.
        'success',
      ]);
    } finally {
      await planning.close();
    }
  });
});
