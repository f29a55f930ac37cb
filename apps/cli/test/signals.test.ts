import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bin, startMcpSession, tempDir } from './helpers.js';

const EXIT_CODES = { SIGTERM: 143, SIGHUP: 129, SIGINT: 130 } as const;
type Signal = keyof typeof EXIT_CODES;

let serial = 0;
/** A `sleep` argument no other process has: 300 seconds and a unique fraction. */
function marker(): string {
  serial += 1;
  return `300.${process.pid}${String(serial).padStart(3, '0')}`;
}

/** The live processes whose command line holds `text` as an argument (zombies excluded). */
function holders(text: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!argv.includes(text)) continue;
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${name}/stat`, 'utf8'))) continue;
      found.push(Number(name));
    } catch {
      // Gone while looked at.
    }
  }
  return found;
}

/** Resolves once `check` holds; fails after `limitMs` (a bound, not an expected duration). */
async function eventually(check: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Kills whatever still holds `text` when the test ends, so no test leaves a sleeper behind. */
function sweep(text: string): void {
  onTestFinished(() => {
    for (const pid of holders(text)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone.
      }
    }
  });
}

function start(args: readonly string[]): {
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  stderr: () => string;
} {
  const cwd = tempDir();
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: { ...process.env, XDG_CONFIG_HOME: join(cwd, '.xdg') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? null : -1))),
  );
  return { child, exited, stderr: () => stderr };
}

/**
 * Commands that leave a sleeper the way a model might: plainly, or double-forked by a program
 * the Bash analyzer cannot see into (it refuses `&` and `setsid` written in the command).
 */
const COMMANDS: Record<string, (text: string) => string> = {
  'a plain sleep': (text) => `sleep ${text}`,
  'a double fork': (text) =>
    `perl -e 'exit if fork; exit if fork; exec "sleep", "${text}"'; sleep 600`,
  // Leaves the process group and session too: found by the call's cgroup, not by its group.
  'a double fork that calls setsid': (text) =>
    `perl -e 'use POSIX; exit if fork; POSIX::setsid(); exit if fork; exec "sleep", "${text}"'; sleep 600`,
};

describe('toolcall run ended by a signal (--sandbox off)', () => {
  for (const signal of Object.keys(EXIT_CODES) as Signal[]) {
    for (const [name, command] of Object.entries(COMMANDS)) {
      it(`stops ${name} on ${signal} and exits ${EXIT_CODES[signal]}`, async () => {
        const text = marker();
        sweep(text);
        const script = `(Bash :command ${JSON.stringify(command(text))} :description "wait")`;
        const run = start(['run', '--sandbox', 'off', '--yes', '-e', script]);
        await eventually(() => holders(text).length > 0, 'the sleeper to start');
        run.child.kill(signal);
        expect(await run.exited).toBe(EXIT_CODES[signal]);
        await eventually(() => holders(text).length === 0, `no sleeper left after ${signal}`);
      });
    }
  }

  it.each([['(sleep 300 &)'], ['setsid sleep 300'], ['sleep 300 & disown']])(
    'refuses %s before anything runs: the Bash tool starts no background of its own',
    async (command) => {
      const call = start([
        'call',
        'Bash',
        `command=${command}`,
        'description=x',
        '--yes',
        '--sandbox',
        'off',
      ]);
      expect(await call.exited).toBe(1);
      expect(call.stderr()).toContain('Shell-native background execution is not supported');
    },
  );
});

describe('toolcall mcp ended by a signal or its input (--sandbox off)', () => {
  async function withRunningBash(text: string) {
    const server = start(['mcp', '--sandbox', 'off', '--yes']);
    const answered = new Promise<void>((resolve) => {
      let out = '';
      server.child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('"id":2')) resolve();
      });
    });
    const send = startMcpSession(server.child.stdin);
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: {
        name: 'Bash',
        // bash stays the sleeper's parent: the process that used to be re-parented to pid 1.
        arguments: { command: `sleep ${text}; true`, description: 'wait', yield_time_ms: 500 },
      },
    });
    await answered;
    await eventually(() => holders(text).length > 0, 'the sleeper to start');
    return server;
  }

  it('stops the call on SIGTERM and exits 143', async () => {
    const text = marker();
    sweep(text);
    const server = await withRunningBash(text);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(143);
    await eventually(() => holders(text).length === 0, 'no sleeper left after SIGTERM');
  });

  it('stops the call when its input closes and exits 0', async () => {
    const text = marker();
    sweep(text);
    const server = await withRunningBash(text);
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
    await eventually(() => holders(text).length === 0, 'no sleeper left after the input closed');
  });
});

describe('toolcall bridge ended by a signal', () => {
  for (const signal of Object.keys(EXIT_CODES) as Signal[]) {
    it(`stops the processes its calls started on ${signal} and exits ${EXIT_CODES[signal]}`, async () => {
      const text = marker();
      sweep(text);
      const bridge = start(['bridge']);
      const send = (message: object) => bridge.child.stdin.write(`${JSON.stringify(message)}\n`);
      send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { mode: 'full-auto' } });
      send({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'Bash', arguments: { command: `sleep ${text}`, description: 'wait' } },
      });
      await eventually(() => holders(text).length > 0, 'the sleeper to start');
      bridge.child.kill(signal);
      expect(await bridge.exited).toBe(EXIT_CODES[signal]);
      await eventually(() => holders(text).length === 0, `no sleeper left after ${signal}`);
    });
  }
});
