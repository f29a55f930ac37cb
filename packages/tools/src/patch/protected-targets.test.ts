import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PermissionRequest } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSet, type ToolSet } from '../tool-set.js';

let root: string;
let set: ToolSet;
const asked: PermissionRequest[] = [];

const addFile = (target: string) =>
  ['*** Begin Patch', `*** Add File: ${target}`, '+x', '*** End Patch'].join('\n');

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'patch-protected-')));
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, '.git'));
  symlinkSync(path.join(root, '.git'), path.join(root, 'git-link'));
  // Full-auto with an allow rule for every path: only the protected list can still ask.
  set = createToolSet({
    workspace: root,
    session: { id: 's1' },
    permissions: {
      mode: 'full-auto',
      rules: [{ tool: 'ApplyPatch', path: '**', action: 'allow' }],
    },
    askUser: (request) => {
      asked.push(request);
      return 'deny-once';
    },
  });
});
afterAll(async () => {
  await set.close();
  rmSync(root, { recursive: true, force: true });
});

async function patch(target: string) {
  const before = asked.length;
  const outcome = await set.pipeline.runTool({
    name: 'ApplyPatch',
    input: { patch: addFile(target) },
    toolUseId: `p-${target}`,
  }).outcome;
  return { status: outcome.status, asked: asked.length > before };
}

describe('ApplyPatch on protected paths', () => {
  it.each([
    '.toolcall/config.json',
    '.git/config',
    '.git/hooks/pre-commit',
    '.git/info/attributes',
    '.gitmodules',
    '.envrc',
    '.mcp.json',
    '.vscode/settings.json',
    '.idea/workspace.xml',
    '.claude/settings.json',
    '.codex/config.toml',
    '.agents/skills/release/SKILL.md',
    '.toolcall/skills/release/SKILL.md',
    './.toolcall/config.json',
    'src/../.git/config',
    'git-link/config',
  ])('asks before writing %s, whatever the rules and mode say', async (target) => {
    const relative = target.replace('git-link', '.git');
    const result = await patch(target);
    expect(result).toEqual({ status: 'error', asked: true });
    expect(existsSync(path.join(root, relative))).toBe(false);
  });

  it('asks for the absolute spelling of a protected path too', async () => {
    expect(await patch(path.join(root, '.toolcall', 'hooks.json'))).toEqual({
      status: 'error',
      asked: true,
    });
  });

  it('names the protected path in the question', async () => {
    await patch('.envrc');
    expect(asked.at(-1)?.reason).toContain('.envrc is a protected path');
  });

  it('writes ordinary files without a question', async () => {
    expect(await patch('src/ok.txt')).toEqual({ status: 'success', asked: false });
    expect(await patch('.gitignore')).toEqual({ status: 'success', asked: false });
  });
});
