import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, testManager } from '../testing/fixtures.js';

const owner = '/root';

describe('the environment a child sees', { timeout: 30_000 }, () => {
  it('hides secret names and URLs with credentials from a confined command', async () => {
    const manager = testManager({
      sandbox: 'required',
      hostEnvironment: {
        PATH: process.env.PATH,
        DB_PASSWD: 'hunter2',
        GITHUB_PAT: 'ghp_x',
        DATABASE_URL: 'postgres://u:p@h/db',
        SSH_AUTH_SOCK: '/run/agent.sock',
        PLAIN_URL: 'https://example.com/',
      },
    });
    const result = await manager.runBash({
      owner,
      command:
        'env | grep -E "^(DB_PASSWD|GITHUB_PAT|DATABASE_URL|SSH_AUTH_SOCK|PLAIN_URL|PWD)=" | sort',
      yieldTimeMs: 30_000,
    });
    if (!result.success) throw result.error;
    expect(result.value.output).toBe(
      `PLAIN_URL=https://example.com/\nPWD=${manager.workspaceRoot}\n`,
    );
  });

  it.each(['off', 'required'] as const)(
    'never runs an inherited BASH_ENV or ENV rc file (sandbox %s)',
    async (sandbox) => {
      const home = temporaryDirectory('exec-env-rc-');
      const rc = join(home, 'rc.sh');
      writeFileSync(rc, 'echo RC-RAN\n');
      const manager = testManager({
        sandbox,
        hostEnvironment: { PATH: process.env.PATH, BASH_ENV: rc, ENV: rc },
      });
      const result = await manager.runBash({
        owner,
        command: 'bash -c "echo inner"; sh -c "echo sh-inner"; printenv BASH_ENV || echo "[unset]"',
        yieldTimeMs: 30_000,
      });
      if (!result.success) throw result.error;
      expect(result.value.output).toBe('inner\nsh-inner\n[unset]\n');
    },
  );
});
