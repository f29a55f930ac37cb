import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../testing/fixtures.js';
import { gitConfigTargets, parseGitConfig } from './git-config.js';
import {
  isProtectedPath,
  PROTECTED_WORKSPACE_PATHS,
  protectedWorkspacePaths,
} from './workspace-protection.js';

function repository(config = ''): string {
  const root = temporaryDirectory('exec-protect-ws-');
  mkdirSync(join(root, '.git', 'objects'), { recursive: true });
  writeFileSync(join(root, '.git', 'config'), config);
  return root;
}

describe('parseGitConfig', () => {
  it('reads sections, subsections, quoted values and comments like git', () => {
    const text = [
      '[core]',
      '\tHooksPath = "tools/my hooks" ; comment',
      '[includeIf "gitdir:~/work/"]',
      '  path = ../shared.inc # trailing',
      '[Core.sub] key',
      '[remote "origin"] url = "a\\"b"',
    ].join('\n');
    expect(parseGitConfig(text)).toEqual([
      { section: 'core', subsection: undefined, key: 'hookspath', value: 'tools/my hooks' },
      { section: 'includeif', subsection: 'gitdir:~/work/', key: 'path', value: '../shared.inc' },
      { section: 'core', subsection: 'sub', key: 'key', value: '' },
      { section: 'remote', subsection: 'origin', key: 'url', value: 'a"b' },
    ]);
  });

  it('follows includes to their hooksPath, once each, without running git', () => {
    const root = repository('[include]\n\tpath = ../team.gitconfig\n');
    writeFileSync(
      join(root, 'team.gitconfig'),
      '[core]\n\thooksPath = ~/hooks\n[include]\n\tpath = .git/config\n',
    );
    expect(
      gitConfigTargets({
        configPath: join(root, '.git', 'config'),
        worktreeRoot: root,
        home: '/h',
      }),
    ).toEqual({ includes: [join(root, 'team.gitconfig')], hooksPaths: ['/h/hooks'] });
  });
});

describe('protectedWorkspacePaths', () => {
  it('lists the fixed entries, the git directory, config targets and extras', () => {
    const root = repository('[core]\n\thooksPath = tools/hooks\n');
    const paths = protectedWorkspacePaths({ workspaceRoot: root, extra: ['deploy.yaml'] });
    expect(paths).toEqual([
      ...PROTECTED_WORKSPACE_PATHS.filter((entry) => !entry.startsWith('.git/')).map((entry) =>
        join(root, entry),
      ),
      ...['config', 'hooks', 'info', 'modules'].map((entry) => join(root, '.git', entry)),
      join(root, 'tools', 'hooks'),
      join(root, 'deploy.yaml'),
    ]);
  });

  it('follows a .git file to a linked worktree and its common directory', () => {
    const main = repository();
    mkdirSync(join(main, '.git', 'worktrees', 'w'), { recursive: true });
    writeFileSync(join(main, '.git', 'worktrees', 'w', 'commondir'), '../..\n');
    const linked = temporaryDirectory('exec-protect-linked-');
    writeFileSync(join(linked, '.git'), `gitdir: ${join(main, '.git', 'worktrees', 'w')}\n`);
    const paths = protectedWorkspacePaths({ workspaceRoot: linked });
    expect(paths).toContain(join(main, '.git', 'worktrees', 'w', 'config'));
    expect(paths).toContain(join(main, '.git', 'hooks'));
  });

  it('leaves git entries out when there is no repository', () => {
    const root = temporaryDirectory('exec-protect-plain-');
    expect(protectedWorkspacePaths({ workspaceRoot: root }).some((p) => p.includes('.git/'))).toBe(
      false,
    );
  });
});

describe('isProtectedPath', () => {
  it('answers for the entries, paths below them, and paths reached through a symlink', () => {
    const root = repository('[core]\n\thooksPath = tools/hooks\n');
    symlinkSync(join(root, '.git'), join(root, 'g'));
    const cases = [
      '.toolcall/config.json',
      '.git/config',
      'g/config',
      'g/hooks/pre-commit',
      '.git/HEAD',
      '.git/objects/ab/cd',
      '.vscode',
      '.envrc',
      '.envrc.example',
      'tools/hooks/pre-push',
      'tools/other',
      'src/.vscode/settings.json',
      'deploy.yaml',
    ];
    expect(
      Object.fromEntries(
        cases.map((path) => [path, isProtectedPath(root, join(root, path), ['deploy.yaml'])]),
      ),
    ).toEqual({
      '.toolcall/config.json': true,
      '.git/config': true,
      'g/config': true,
      'g/hooks/pre-commit': true,
      '.git/HEAD': false,
      '.git/objects/ab/cd': false,
      '.vscode': true,
      '.envrc': true,
      '.envrc.example': false,
      'tools/hooks/pre-push': true,
      'tools/other': false,
      'src/.vscode/settings.json': false,
      'deploy.yaml': true,
    });
  });

  test.prop([
    fc.constantFrom(...PROTECTED_WORKSPACE_PATHS),
    fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { maxLength: 3 }),
  ])('holds for every path at or below a listed entry', (entry, below) => {
    const root = '/nonexistent-workspace';
    expect(isProtectedPath(root, join(root, entry, ...below))).toBe(true);
  });
});
