import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, testManager } from '../testing/fixtures.js';
import { repositoryOverrides } from './launch-hardening.js';

const owner = '/root';

// A repository whose own configuration runs a program (touching a marker) from every
// place git looks for one while it inspects: fsmonitor, pagers, filters, textconv, gpg.
function hostileRepository(workspace: string, markers: string, drivers: 'inline' | 'external') {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: workspace,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    });
  git('init', '-q');
  writeFileSync(join(workspace, 'f.txt'), 'one\n');
  git('add', 'f.txt');
  git('-c', 'user.email=a@b', '-c', 'user.name=n', 'commit', '-qm', 'init');
  writeFileSync(join(workspace, 'f.txt'), 'one\ntwo\n');
  const touch = (name: string) => `touch ${join(markers, name)}`;
  git('config', 'core.fsmonitor', `${touch('fsmonitor')}; false`);
  git('config', 'core.pager', `${touch('pager')}; cat`);
  git('config', 'pager.log', `${touch('pager-log')}; cat`);
  git('config', 'core.hooksPath', join(workspace, 'hooks'));
  mkdirSync(join(workspace, 'hooks'));
  writeFileSync(join(workspace, 'hooks', 'post-index-change'), `#!/bin/sh\n${touch('hook')}\n`, {
    mode: 0o755,
  });
  git('config', 'log.showSignature', 'true');
  git('config', 'gpg.program', join(workspace, 'gpg.sh'));
  writeFileSync(join(workspace, 'gpg.sh'), `#!/bin/sh\n${touch('gpg')}\n`, { mode: 0o755 });
  if (drivers === 'inline') {
    git('config', 'filter.evil.clean', `${touch('clean')}; cat`);
    git('config', 'filter.evil.smudge', `${touch('smudge')}; cat`);
    git('config', 'filter.evil.process', touch('process'));
    git('config', 'diff.evil.textconv', `${touch('textconv')}; cat`);
    writeFileSync(join(workspace, '.git', 'info', 'attributes'), 'f.txt filter=evil diff=evil\n');
  } else {
    git('config', 'diff.external', touch('external'));
    git('config', 'diff.evil.command', touch('driver'));
    writeFileSync(join(workspace, '.git', 'info', 'attributes'), 'f.txt diff=evil\n');
  }
}

describe('the launch of a proved read-only git', () => {
  it('runs none of a hostile repository’s programs for status, diff, log -p and show', async () => {
    const markers = temporaryDirectory();
    const manager = testManager();
    const workspace = manager.workspaceRoot;
    hostileRepository(workspace, markers, 'inline');
    // The repository is hostile for real: plain git runs its programs.
    spawnSync('bash', ['-c', 'git status; git diff; git log -p'], { cwd: workspace });
    expect(readdirSync(markers).length).toBeGreaterThan(0);
    for (const name of readdirSync(markers)) execFileSync('rm', [join(markers, name)]);

    for (const command of ['git status', 'git diff', 'git log -p', 'git show', 'git diff --stat']) {
      expect((await manager.analyze(command))?.classification).toBe('read-only');
      for (const tty of [false, true]) {
        const result = await manager.runBash({ owner, command, tty });
        if (!result.success) throw result.error;
        expect({ command, tty, exitCode: result.value.facts.exitCode }).toEqual({
          command,
          tty,
          exitCode: 0,
        });
        if (command === 'git diff') expect(result.value.output).toMatch(/\+(?:\S*m)?two/);
        expect(readdirSync(markers)).toEqual([]);
      }
    }
  });

  it('makes an external diff configured by the repository fail instead of run', async () => {
    const markers = temporaryDirectory();
    const manager = testManager();
    hostileRepository(manager.workspaceRoot, markers, 'external');
    for (const command of ['git diff', 'git log -p', 'git show']) {
      const result = await manager.runBash({ owner, command });
      if (!result.success) throw result.error;
      expect(readdirSync(markers)).toEqual([]);
    }
    expect(existsSync(join(markers, 'external'))).toBe(false);
  });
});

// The exec package does not ship ripgrep; the monorepo's tools package does.
async function findRipgrep(): Promise<string | undefined> {
  try {
    const tools = fileURLToPath(new URL('../../../tools/package.json', import.meta.url));
    const main = createRequire(tools).resolve('@vscode/ripgrep');
    const { rgPath } = (await import(main)) as { rgPath: string };
    return existsSync(rgPath) ? rgPath : undefined;
  } catch {
    return undefined;
  }
}
const ripgrep = await findRipgrep();

describe('the launch of a proved read-only rg', () => {
  it('ignores a ripgrep config file that would add --pre', async () => {
    if (ripgrep === undefined)
      throw new Error('ripgrep from @vscode/ripgrep is missing: run the install');
    const markers = temporaryDirectory();
    const tools = temporaryDirectory();
    symlinkSync(ripgrep ?? '', join(tools, 'rg'));
    const helper = join(tools, 'pre.sh');
    writeFileSync(helper, `#!/bin/sh\ntouch ${join(markers, 'pre')}\ncat "$1"\n`, {
      mode: 0o755,
    });
    const config = join(tools, 'ripgreprc');
    writeFileSync(config, `--pre=${helper}\n`);
    const hostEnvironment = {
      ...process.env,
      PATH: `${tools}:${process.env.PATH ?? ''}`,
      RIPGREP_CONFIG_PATH: config,
    };
    const manager = testManager({ hostEnvironment });
    writeFileSync(join(manager.workspaceRoot, 'a.txt'), 'needle\n');
    // The config is live for a plain rg.
    // An explicit path: with standard input not a terminal, rg would search it instead.
    spawnSync('rg', ['needle', '.'], { cwd: manager.workspaceRoot, env: hostEnvironment });
    expect(readdirSync(markers)).toEqual(['pre']);
    execFileSync('rm', [join(markers, 'pre')]);
    const result = await manager.runBash({ owner, command: 'rg needle .' });
    if (!result.success) throw result.error;
    expect(result.value.output).toContain('needle');
    expect(readdirSync(markers)).toEqual([]);
  });
});

describe('repositoryOverrides', () => {
  it('neutralises the repository’s own drivers and pagers, not the user’s', () => {
    const config = [
      'local\tfilter.Evil.clean',
      'local\tfilter.Evil.process',
      'worktree\tdiff.x.textconv',
      'local\tdiff.y.command',
      'local\tdiff.external',
      'local\tpager.log',
      'global\tfilter.lfs.clean',
      'local\tuser.name',
    ].join('\0');
    expect(repositoryOverrides(config)).toEqual([
      ['filter.Evil.clean', 'cat'],
      ['filter.Evil.process', ''],
      ['filter.Evil.required', 'false'],
      ['diff.x.textconv', 'cat'],
      ['diff.y.command', ''],
      ['diff.external', ''],
      ['pager.log', 'false'],
    ]);
  });
});
