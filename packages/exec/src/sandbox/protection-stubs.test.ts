import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, testManager } from '../testing/fixtures.js';
import { STUB_LINGER_MS } from './protection-stubs.js';
import { PROTECTED_WORKSPACE_PATHS } from './workspace-protection.js';

async function until(check: () => boolean, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

const owner = '/root';
const listing = (root: string) => readdirSync(root).sort();

describe('stubs for missing protected paths', { timeout: 60_000 }, () => {
  it('leave the workspace as it was a moment after a confined call ends, and hold while it runs', async () => {
    const root = temporaryDirectory('exec-stubs-');
    writeFileSync(join(root, 'notes.txt'), 'n\n');
    const before = listing(root);
    const manager = testManager({ workspaceRoot: root, sandbox: 'required' });
    const ran = await manager.runBash({
      owner,
      command: 'echo evil > .envrc 2>/dev/null; mkdir -p .vscode/x 2>/dev/null; ls -A',
      yieldTimeMs: 30_000,
    });
    if (!ran.success) throw ran.error;
    // Inside: the missing names were held, so nothing of the child's landed.
    expect(ran.value.output).not.toContain('evil');
    // Kept a moment for the next call, then removed.
    await until(() => listing(root).length === before.length, STUB_LINGER_MS * 4);
    expect(listing(root)).toEqual(before);
    await manager.teardown();
  });

  it('are shared by calls running at once and removed when the last one settles', async () => {
    const root = temporaryDirectory('exec-stubs-shared-');
    // Two managers (two sessions of one host) over one workspace share the placeholders too.
    const manager = testManager({ workspaceRoot: root, sandbox: 'required' });
    const other = testManager({ workspaceRoot: root, sandbox: 'required' });
    const first = await manager.runBash({ owner, command: 'sleep 30', yieldTimeMs: 200 });
    const second = await other.runBash({ owner, command: 'sleep 30', yieldTimeMs: 200 });
    if (!first.success || !second.success) throw new Error('the calls did not start');
    const firstId = first.value.facts.executionId;
    const secondId = second.value.facts.executionId;
    // While either runs, the host sees the placeholders the read-only mounts sit on.
    expect(existsSync(join(root, '.envrc'))).toBe(true);
    await manager.stopExecution({ owner, executionId: firstId });
    // Still held by the other call, past the moment an unused one would be removed.
    await new Promise((resolve) => setTimeout(resolve, STUB_LINGER_MS * 1.5));
    expect(existsSync(join(root, '.envrc'))).toBe(true);
    await other.stopExecution({ owner, executionId: secondId });
    // A teardown removes every stub no call holds at once.
    await Promise.all([manager.teardown(), other.teardown()]);
    expect(listing(root)).toEqual([]);
  });

  it('keep a placeholder a person wrote into meanwhile, and never remove what was there before', async () => {
    const root = temporaryDirectory('exec-stubs-kept-');
    mkdirSync(join(root, '.idea'));
    const manager = testManager({ workspaceRoot: root, sandbox: 'required' });
    const started = await manager.runBash({ owner, command: 'sleep 30', yieldTimeMs: 200 });
    if (!started.success) throw started.error;
    writeFileSync(join(root, '.vscode', 'settings.json'), '{}\n');
    await manager.stopExecution({ owner, executionId: started.value.facts.executionId });
    await manager.teardown();
    expect(listing(root)).toEqual(['.idea', '.vscode']);
    expect(readdirSync(join(root, '.vscode'))).toEqual(['settings.json']);
  });

  it('are invisible to git inside and beside the call', async () => {
    const root = temporaryDirectory('exec-stubs-git-');
    execFileSync('git', ['init', '-q'], { cwd: root });
    const manager = testManager({ workspaceRoot: root, sandbox: 'required' });
    const started = await manager.runBash({
      owner,
      command: 'git status --porcelain --untracked-files=all; echo done; sleep 30',
      yieldTimeMs: 2_000,
    });
    if (!started.success) throw started.error;
    expect(started.value.output).toBe('done\n');
    const names = PROTECTED_WORKSPACE_PATHS.filter((entry) => !entry.includes('/'));
    expect(names.some((name) => existsSync(join(root, name)))).toBe(true);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' })).toBe(
      '',
    );
    await manager.stopExecution({ owner, executionId: started.value.facts.executionId });
    await manager.teardown();
    expect(listing(root)).toEqual(['.git']);
  });
});
