import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, tempDir, toolcall } from './helpers.js';

const run = (args: readonly string[], cwd?: string) =>
  toolcall(args, cwd === undefined ? {} : { cwd }).done;

describe('exit code 1', () => {
  it('for a tool error', async () => {
    const result = await run(['call', 'Read', 'file_path=missing.txt']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('toolcall call: File missing.txt does not exist\n');
  });

  it('for a runtime error in a script', async () => {
    const result = await run(['run', '-e', '(car 1)']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('toolcall run: runtime error: wrong-type-argument listp 1\n');
  });
});

describe('toolcall mcp exit codes before serving', () => {
  it('exits 2 for a bad --upstream and 1 when an upstream cannot start', async () => {
    const bad = await run(['mcp', '--upstream', 'nonsense']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      "toolcall mcp: bad --upstream 'nonsense': expected NAME=COMMAND\n",
    ]);
    const missing = join(tempDir(), 'no-such-server');
    const spawnFailure = await run(['mcp', '--upstream', `x=${missing}`]);
    expect([spawnFailure.code, spawnFailure.stderr]).toEqual([
      1,
      `toolcall mcp: upstream x: spawn ${missing} ENOENT\n`,
    ]);
  });

  it('exits 2 for a bad config file, naming it', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.toolcall'));
    writeFileSync(join(dir, '.toolcall', 'config.json'), '{"upstreams":{"x":{}}}');
    const result = await run(['mcp'], dir);
    expect([result.code, result.stderr]).toEqual([
      2,
      `toolcall mcp: ${join(dir, '.toolcall', 'config.json')}: at $.upstreams.x.command: missing: expected string\n`,
    ]);
  });
});

describe('usage errors exit 2', () => {
  it('for repl', async () => {
    const option = await run(['repl', '--bogus']);
    expect([option.code, option.stderr]).toEqual([2, "toolcall repl: Unknown option '--bogus'\n"]);
    expect((await run(['repl', 'extra'])).code).toBe(2);
    expect((await run(['repl', '--sandbox', 'maybe'])).code).toBe(2);
  });

  it('for tools', async () => {
    const option = await run(['tools', '--bogus']);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/^toolcall tools: Unknown option '--bogus'/);
    expect((await run(['tools', '--sandbox', 'maybe'])).code).toBe(2);
    expect((await run(['tools', '--deny', 'Read('])).code).toBe(2);
  });
});

/** The ids of the processes below `root`, from the parent links in /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return undefined;
  }
};

/** Alive: present in /proc and not a zombie waiting to be reaped. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

describe('Ctrl-C', () => {
  it('exits 130, stops the running Bash command and still draws its row', async () => {
    const dir = tempDir();
    const child = spawn(
      process.execPath,
      [
        bin,
        'run',
        '--yes',
        '--sandbox',
        'off',
        '-e',
        '(Bash :command "sleep 37" :description "wait")',
      ],
      { cwd: dir, env: { ...process.env, XDG_CONFIG_HOME: join(dir, '.xdg'), NO_COLOR: '1' } },
    );
    child.stdin.end();
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // The sleep is found through the process tree of this very command, never by its name alone.
    let sleeper: number | undefined;
    while (sleeper === undefined) {
      expect(child.exitCode).toBeNull();
      sleeper = descendants(child.pid!).find((pid) => commandLine(pid) === 'sleep 37');
      if (sleeper === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(alive(sleeper)).toBe(false);
    // The envelope was cancelled mid-call: its row for the running command is still drawn.
    expect(stdout).toMatch(/^▾ × ToolCall: 1 call \(1 cancelled\)\n.*\n {2}▸ ⊘ Bash sleep 37/);
  });
});

describe('--sandbox', () => {
  it('required confines writes to the workspace; off does not', async () => {
    const dir = tempDir();
    const outside = tempDir();
    const write = (mode: string) =>
      run(
        [
          'call',
          'Bash',
          `command=touch inside && touch ${outside}/escape || echo refused`,
          'description=write',
          '--yes',
          '--sandbox',
          mode,
          '--json',
        ],
        dir,
      );
    const confined = await write('required');
    expect(confined.code).toBe(0);
    expect(JSON.parse(confined.stdout).renderData.output).toContain('refused');
    expect([existsSync(join(dir, 'inside')), existsSync(join(outside, 'escape'))]).toEqual([
      true,
      false,
    ]);
    const open = await write('off');
    expect(open.code).toBe(0);
    expect(JSON.parse(open.stdout).renderData.output).not.toContain('refused');
    expect(existsSync(join(outside, 'escape'))).toBe(true);
  });

  it('with a failing bwrap: required does not run the command, best-effort runs it with a notice', async () => {
    const dir = tempDir();
    const fake = tempDir('toolcall-fake-bwrap-');
    writeFileSync(join(fake, 'bwrap'), '#!/bin/sh\necho "bwrap: no namespaces" >&2\nexit 1\n');
    chmodSync(join(fake, 'bwrap'), 0o755);
    const env = { ...process.env, PATH: `${fake}:${process.env.PATH}` };
    const withFake = (mode: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [bin, 'call', 'Bash', 'command=echo ran >> ran.txt', 'description=w', '--yes'].concat(
            '--sandbox',
            mode,
            '--json',
          ),
          { cwd: dir, env: { ...env, XDG_CONFIG_HOME: join(dir, '.xdg') } },
        );
        child.stdin.end();
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
        });
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
        });
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    const required = await withFake('required');
    expect(required.code).toBe(1);
    expect(required.stderr).toBe(
      'toolcall call: Sandbox mode "required" needs Bubblewrap (bwrap), which is unavailable here; the command did not run.\n',
    );
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
    const bestEffort = await withFake('best-effort');
    expect(bestEffort.code).toBe(0);
    expect(JSON.parse(bestEffort.stdout).result).toContain(
      '[sandbox: none; filesystem: unrestricted; network: unrestricted; reason: sandbox unavailable]',
    );
    expect(readFileSync(join(dir, 'ran.txt'), 'utf8')).toBe('ran\n');
  });
});
