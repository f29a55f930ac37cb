import { readdirSync, realpathSync, statSync } from 'node:fs';
import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePermissionFileSystem } from '../node/permission-file-system.js';
import { readTool, writeTool } from '../testing/tools.js';
import type { Tool } from '../tool-types.js';
import { permissionFileSystemOf } from './file-system.js';
import { PermissionPolicy } from './policy.js';
import type { PermissionDecision, PermissionRule } from './types.js';

let root: string;
let ws: string;
let home: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'policy-paths-')));
  ws = join(root, 'ws');
  home = join(root, 'home', 'u');
  await mkdir(join(home, '.ssh'), { recursive: true });
  await mkdir(join(ws, 'src'), { recursive: true });
  await writeFile(join(home, '.ssh', 'id_rsa'), 'key');
  await writeFile(join(ws, 'secret.txt'), 'secret');
  await writeFile(join(ws, 'src', 'a.txt'), 'a');
  await symlink(join(home, '.ssh'), join(ws, 'link-to-ssh'));
  await symlink(join(ws, 'secret.txt'), join(ws, 'alias'));
  await symlink('/etc', join(ws, 'etc-link'));
  await link(join(home, '.ssh', 'id_rsa'), join(ws, 'hard-key'));
  await link(join(ws, 'secret.txt'), join(ws, 'src', 'hard-secret'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

function decide(rules: PermissionRule[], tool: Tool, path: string): PermissionDecision {
  const policy = new PermissionPolicy(
    rules,
    'ask',
    { workingDirectory: ws, homeDirectory: home, workspace: ws },
    { fileSystem: nodePermissionFileSystem },
  );
  const access = tool.readOnly ? 'read' : 'write';
  return policy.decide(tool, {
    paths: [{ path, access }],
    pattern: undefined,
    domain: undefined,
    name: undefined,
  }).decision;
}

const decisions = (rules: PermissionRule[], tool: Tool, paths: string[]) =>
  Object.fromEntries(paths.map((path) => [path, decide(rules, tool, path)]));

describe('canonical path facts against the real filesystem', () => {
  it('denies every name of a file under a `~` glob deny, links included', () => {
    const spellings = [
      '~/.ssh/id_rsa',
      () => join(home, '.ssh', 'id_rsa'),
      './link-to-ssh/id_rsa',
      'link-to-ssh/../link-to-ssh/id_rsa',
      '../home/u/.ssh/id_rsa',
      '~/../u/.ssh/id_rsa',
      () => join(ws, 'link-to-ssh', 'id_rsa'),
      'link-to-ssh/not-yet/../id_rsa',
    ].map((spelling) => (typeof spelling === 'function' ? spelling() : spelling));
    const rules: PermissionRule[] = [
      { path: '~/.ssh/**', action: 'deny' },
      { tool: 'Read', action: 'allow' },
    ];
    expect(decisions(rules, readTool, spellings)).toEqual(
      Object.fromEntries(spellings.map((path) => [path, 'deny'])),
    );
  });

  it('follows a literal deny to hard links and symbolic links on either side', () => {
    const allowRead: PermissionRule = { tool: 'Read', action: 'allow' };
    expect([
      decide([{ path: '~/.ssh/id_rsa', action: 'deny' }, allowRead], readTool, 'hard-key'),
      decide([{ path: 'secret.txt', action: 'deny' }, allowRead], readTool, 'alias'),
      decide([{ path: 'secret.txt', action: 'deny' }, allowRead], readTool, 'src/hard-secret'),
      decide([{ path: 'alias', action: 'deny' }, allowRead], readTool, 'secret.txt'),
      decide([{ path: 'secret.txt', action: 'deny' }, allowRead], readTool, 'src/a.txt'),
    ]).toEqual(['deny', 'deny', 'deny', 'deny', 'allow']);
  });

  it('follows a glob deny to a hard link of a file under its leading directory', () => {
    const rules: PermissionRule[] = [
      { path: '~/.ssh/**', action: 'deny' },
      { tool: 'Read', action: 'allow' },
    ];
    expect(decide(rules, readTool, 'hard-key')).toBe('deny');
  });

  it('never searches for other names of a directory, whose link count is its subdirectories', () => {
    let listed = 0;
    const fileSystem = permissionFileSystemOf({
      realpathSync: realpathSync,
      statSync: (path, options) => statSync(path, options),
      readdirSync: (path, options) => {
        listed += 1;
        return readdirSync(path, options);
      },
    });
    const policy = new PermissionPolicy(
      [
        { path: '~/.ssh/**', action: 'deny' },
        { tool: 'Read', action: 'allow' },
      ],
      'ask',
      { workingDirectory: ws, homeDirectory: home, workspace: ws },
      { fileSystem },
    );
    const facts = (path: string) => ({
      paths: [{ path, access: 'read' as const }],
      pattern: undefined,
      domain: undefined,
      name: undefined,
    });
    expect([
      policy.decide(readTool, facts('src')).decision,
      policy.decide(readTool, facts('.')).decision,
      listed,
      policy.decide(readTool, facts('hard-key')).decision,
    ]).toEqual(['allow', 'allow', 0, 'deny']);
  });

  it('documents the limit: a glob with no literal leading directory does not follow hard links', () => {
    const rules: PermissionRule[] = [
      { path: '**/id_*', action: 'deny' },
      { tool: 'Read', action: 'allow' },
    ];
    expect(decide(rules, readTool, 'hard-key')).toBe('allow');
  });

  it('never lets a relative allow pattern reach outside the workspace', () => {
    const rules: PermissionRule[] = [{ tool: 'Write', path: '**', action: 'allow' }];
    const paths = [
      'src/a.txt',
      'new/file.txt',
      () => join(ws, 'src', 'a.txt'),
      '/tmp/x',
      '../x',
      '~/x',
      '~/../../ws/src/a.txt',
      'etc-link/passwd',
      'link-to-ssh/authorized_keys',
      'src/../../x',
    ].map((path) => (typeof path === 'function' ? path() : path));
    expect(decisions(rules, writeTool, paths)).toEqual({
      'src/a.txt': 'allow',
      'new/file.txt': 'allow',
      [join(ws, 'src', 'a.txt')]: 'allow',
      '/tmp/x': 'ask',
      '../x': 'ask',
      '~/x': 'ask',
      '~/../../ws/src/a.txt': 'allow',
      'etc-link/passwd': 'ask',
      'link-to-ssh/authorized_keys': 'ask',
      'src/../../x': 'ask',
    });
  });

  it('lets absolute and `~` allow patterns reach outside, judged on resolved forms', () => {
    const rules: PermissionRule[] = [
      { tool: 'Write', path: '~/notes/**', action: 'allow' },
      { tool: 'Write', path: '/etc/hosts', action: 'allow' },
    ];
    expect(
      decisions(rules, writeTool, ['~/notes/a.md', `${home}/notes/b.md`, 'etc-link/hosts', '~/x']),
    ).toEqual({
      '~/notes/a.md': 'allow',
      [`${home}/notes/b.md`]: 'allow',
      'etc-link/hosts': 'allow',
      '~/x': 'ask',
    });
  });

  it('keeps a relative ask pattern inside the workspace and a deny pattern liberal', () => {
    const policy = (rules: PermissionRule[]) =>
      new PermissionPolicy(
        rules,
        'full-auto',
        { workingDirectory: ws, homeDirectory: home, workspace: ws },
        { fileSystem: nodePermissionFileSystem },
      );
    const facts = {
      paths: [{ path: '/tmp/a.md', access: 'write' as const }],
      pattern: undefined,
      domain: undefined,
      name: undefined,
    };
    expect([
      policy([{ tool: 'Write', path: '**/*.md', action: 'ask' }]).decide(writeTool, facts),
      policy([{ path: '**/*.md', action: 'deny' }]).decide(writeTool, facts).decision,
    ]).toEqual([{ decision: 'allow', reason: 'full-auto mode', source: 'mode' }, 'deny']);
  });
});

describe('remembered path rules and denied read globs', () => {
  it('remembers a path relative to the workspace even from a subdirectory', () => {
    const policy = new PermissionPolicy(
      [],
      'ask',
      { workingDirectory: join(ws, 'src'), homeDirectory: home, workspace: ws },
      { fileSystem: nodePermissionFileSystem },
    );
    const facts = (path: string) => ({
      paths: [{ path, access: 'write' as const }],
      pattern: undefined,
      domain: undefined,
      name: undefined,
    });
    const remembered = [
      ...policy.rememberedRules(writeTool, facts('a.txt')),
      ...policy.rememberedRules(writeTool, facts('../../outside.txt')),
    ];
    expect(remembered).toEqual([
      { tool: 'Write', path: 'src/a.txt', action: 'allow' },
      { tool: 'Write', path: join(root, 'outside.txt'), action: 'allow' },
    ]);
    for (const rule of remembered) policy.add(rule);
    expect(
      [join(ws, 'src', 'a.txt'), '../../outside.txt', 'b.txt'].map(
        (path) => policy.decide(writeTool, facts(path)).decision,
      ),
    ).toEqual(['allow', 'allow', 'ask']);
  });

  it('gives handlers a `~` deny glob also anchored at the home directory', () => {
    const policy = new PermissionPolicy([{ path: '~/.ssh/**', action: 'deny' }], 'ask', {
      workingDirectory: ws,
      homeDirectory: home,
      workspace: ws,
    });
    expect(policy.deniedReadPaths(readTool)).toEqual(['~/.ssh/**', `${home}/.ssh/**`]);
  });
});
