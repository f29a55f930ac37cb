import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, toolcall } from './helpers.js';

/** A workspace whose `.toolcall/config.json` holds `toolCall`, and the user file `user`. */
function workspaceWith(toolCall: object, user?: object): string {
  const dir = tempDir();
  mkdirSync(join(dir, '.toolcall'), { recursive: true });
  writeFileSync(join(dir, '.toolcall', 'config.json'), JSON.stringify({ toolCall }));
  if (user !== undefined) {
    mkdirSync(join(dir, '.xdg', 'toolcall'), { recursive: true });
    writeFileSync(join(dir, '.xdg', 'toolcall', 'config.json'), JSON.stringify({ toolCall: user }));
  }
  writeFileSync(join(dir, 'a.txt'), 'alpha\n');
  return dir;
}

const run = (dir: string, ...args: string[]) => toolcall(['run', ...args], { cwd: dir }).done;

describe('toolCall.limits in the config', () => {
  it('stops a script at a small nested-call budget, with that budget in the error', async () => {
    const dir = workspaceWith({ limits: { nestedCalls: 1 } });
    const result = await run(
      dir,
      '-e',
      '(list (Read :file_path "a.txt") (Read :file_path "a.txt"))',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^toolcall run: budget error \(nested-calls\): nested-calls budget exceeded: limit 1 calls/,
    );
    // The call made before the budget ran out is reported as work already done.
    expect(result.stdout).toContain('1 of 1 nested call succeeded');
  });

  it('stops a loop at a small step budget', async () => {
    const dir = workspaceWith({ limits: { steps: 50 } });
    const result = await run(dir, '-e', '(dotimes (i 100) i)');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^toolcall run: budget error \(steps\): .*limit 50 steps/);
    // The same loop runs under the default budget.
    expect((await run(tempDir(), '-e', '(dotimes (i 100) i)')).code).toBe(0);
  });

  it('merges the budgets of the user and workspace files one by one', async () => {
    // The user file's nested-call budget holds although the workspace file sets another budget.
    const dir = workspaceWith({ limits: { steps: 1_000_000 } }, { limits: { nestedCalls: 1 } });
    const calls = await run(
      dir,
      '-e',
      '(list (Read :file_path "a.txt") (Read :file_path "a.txt"))',
    );
    expect(calls.stderr).toMatch(/^toolcall run: budget error \(nested-calls\)/);
    const loop = await run(dir, '-e', '(while t)');
    expect(loop.stderr).toMatch(/^toolcall run: budget error \(steps\): .*limit 1000000 steps/);
  });
});

describe('toolCall.parallelism in the config', () => {
  /**
   * A loopback HTTP server that holds each request until a second one is in flight (or 1 s
   * passed), and counts the most requests it held at once.
   */
  async function rendezvous(body: (url: string, most: () => number) => Promise<void>) {
    const held: Array<() => void> = [];
    let most = 0;
    const server = createServer((_request, response) => {
      const answer = () => {
        response.setHeader('content-type', 'text/plain');
        response.end('ok');
      };
      held.push(answer);
      most = Math.max(most, held.length);
      if (held.length >= 2) {
        for (const release of held.splice(0)) release();
        return;
      }
      setTimeout(() => {
        const index = held.indexOf(answer);
        if (index >= 0) held.splice(index, 1)[0]!();
      }, 1_000);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await body(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, () => most);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }
  const allowLoopback = ['--allow', 'WebFetch(domain:127.0.0.1)'];
  const script = (url: string) =>
    `(length (parallel (WebFetch :url "${url}a") (WebFetch :url "${url}b")))`;

  it('keeps one nested call of a parallel join in flight at a time with a parallelism of 1', async () => {
    await rendezvous(async (url, most) => {
      const result = await run(
        workspaceWith({ parallelism: 1 }),
        ...allowLoopback,
        '-e',
        script(url),
      );
      expect([result.code, result.stdout]).toEqual([0, expect.stringContaining('\n  2\n')]);
      expect(most()).toBe(1);
    });
  });

  it('has both calls in flight at once by default', async () => {
    await rendezvous(async (url, most) => {
      const result = await run(workspaceWith({}), ...allowLoopback, '-e', script(url));
      expect(result.code).toBe(0);
      expect(most()).toBe(2);
    });
  });
});
