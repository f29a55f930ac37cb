import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, testManager } from '../testing/fixtures.js';

const owner = '/root';
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd },
  });

function repository(): string {
  const root = temporaryDirectory('exec-protected-ws-');
  git(root, 'init', '-q');
  writeFileSync(join(root, 'README.md'), 'readme\n');
  git(root, 'add', 'README.md');
  git(root, 'commit', '-qm', 'first');
  return root;
}

async function confined(workspaceRoot: string, command: string, extra: object = {}) {
  const manager = testManager({ workspaceRoot, sandbox: 'required', ...extra });
  const result = await manager.runBash({ owner, command, yieldTimeMs: 30_000 });
  if (!result.success) throw result.error;
  return result.value.output;
}

// Each attempt prints its label only when the write got through.
function attempts(lines: Record<string, string>): string {
  return Object.entries(lines)
    .map(([label, command]) => `{ ${command}; } 2>/dev/null && echo ESCAPED:${label}`)
    .join('\n');
}

describe('protected workspace paths under Bubblewrap', { timeout: 60_000 }, () => {
  it('refuses every write to protected paths, present or not, and every swap around them', async () => {
    const root = repository();
    mkdirSync(join(root, '.toolcall'));
    const configBefore = readFileSync(join(root, '.git', 'config'), 'utf8');
    const output = await confined(
      root,
      attempts({
        toolcall: 'echo {} > .toolcall/config.json',
        fsmonitor: "git config core.fsmonitor 'touch pwned'",
        hook: 'echo evil > .git/hooks/pre-commit',
        hookDir: 'rm -rf .git/hooks',
        info: 'echo "*" > .git/info/exclude',
        modules: 'mkdir -p .git/modules/x',
        vscode: 'mkdir -p .vscode && echo {} > .vscode/settings.json',
        envrc: 'echo "touch pwned" > .envrc',
        mcp: 'echo {} > .mcp.json',
        gitmodules: 'echo "[submodule]" > .gitmodules',
        idea: 'mkdir -p .idea/x',
        claude: 'echo {} > .claude/settings.json',
        codex: 'echo x > .codex/config.toml',
        skill:
          'mkdir -p .agents/skills/x && printf -- "---\\nname: x\\n---\\n" > .agents/skills/x/SKILL.md',
        swapGit: 'mv .git .git-old',
        swapToolcall: 'mv .toolcall .t2',
        swapConfig: 'mv .git/config .git/c2',
        hardlink: 'ln .git/config ./config-link && echo x >> config-link',
        throughLink: 'ln -s .git g && echo x >> g/config',
      }),
    );
    expect(output).toBe('');
    expect(readFileSync(join(root, '.git', 'config'), 'utf8')).toBe(configBefore);
    expect(
      [
        '.toolcall/config.json',
        '.vscode/settings.json',
        '.git/hooks/pre-commit',
        'pwned',
        '.agents/skills/x/SKILL.md',
      ].map((path) => existsSync(join(root, path))),
    ).toEqual([false, false, false, false, false]);
    expect(git(root, 'config', '--list')).not.toContain('fsmonitor');
  });

  it('keeps ordinary git add and commit working', async () => {
    const root = repository();
    const output = await confined(
      root,
      'echo change >> README.md && echo new > added.txt && git add -A && ' +
        'git -c user.name=m -c user.email=m@m commit -qm confined && git log --format=%s',
    );
    expect(output).toBe('confined\nfirst\n');
    expect(git(root, 'log', '--format=%s')).toBe('confined\nfirst\n');
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('protects a core.hooksPath target, included config files and extra paths', async () => {
    const root = repository();
    git(root, 'config', 'core.hooksPath', 'tools/hooks');
    git(root, 'config', 'include.path', '../team.gitconfig');
    writeFileSync(join(root, 'team.gitconfig'), '[user]\n\tname = team\n');
    writeFileSync(join(root, 'deploy.yaml'), 'safe\n');
    const output = await confined(
      root,
      `${attempts({
        hooksPath: 'mkdir -p tools/hooks && echo evil > tools/hooks/pre-commit',
        include: 'printf "[core]\\n\\tfsmonitor = touch pwned\\n" >> team.gitconfig',
        extra: 'echo changed > deploy.yaml',
      })}\necho other > tools-other.txt && echo wrote-other`,
      { workspaceProtection: { extra: ['deploy.yaml'] } },
    );
    expect(output).toBe('wrote-other\n');
    expect(readFileSync(join(root, 'team.gitconfig'), 'utf8')).toBe('[user]\n\tname = team\n');
    expect(existsSync(join(root, 'tools', 'hooks', 'pre-commit'))).toBe(false);
  });

  it('refuses to run when a protected path is a symbolic link the command could replace', async () => {
    const root = repository();
    mkdirSync(join(root, 'editor'));
    symlinkSync(join(root, 'editor'), join(root, '.vscode'));
    const manager = testManager({ workspaceRoot: root, sandbox: 'required' });
    const result = await manager.runBash({ owner, command: 'echo ran', yieldTimeMs: 30_000 });
    expect(result.success ? result.value.output : result.error.code).toBe('sandbox-failed');
    expect(result.success ? '' : result.error.message).toContain(
      `${join(root, '.vscode')} passes through the symbolic link`,
    );
  });
});
