import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExecManager } from './manager.js';
import { ProcessCgroups } from './process-cgroup.js';
import { temporaryDirectory, testManager } from './testing/fixtures.js';
import { killMarked, liveMarked, until } from './testing/marked-processes.js';

const owner = '/root';
const BUILT = resolve(dirname(fileURLToPath(import.meta.url)), '../dist/index.js');

const markers: string[] = [];
afterEach(() => {
  killMarked(markers);
});

/** The pids of waiting launchers among `parent`'s children. */
function launchersOf(parent: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (ppid === parent && command.includes('__toolcall_script')) found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

async function run(manager: ExecManager, command: string): Promise<string> {
  const result = await manager.runBash({ owner, command, yieldTimeMs: 30_000 });
  if (!result.success) throw result.error;
  return result.value.output;
}

// A digest of the whole environment, sorted, without what bash sets for the command it runs (`_`).
const ENV_DUMP = "env -0 | grep -zv '^_=' | sort -z | sha256sum; printenv ODD_VALUE";
const PIDS_CGROUP = "grep -E '^[0-9]+:(.*,)?pids(,.*)?:' /proc/self/cgroup | cut -d: -f3";

describe.runIf(ProcessCgroups.shared() !== null).each(['off', 'required'] as const)(
  'launchers waiting in call cgroups, sandbox %s',
  (sandbox) => {
    it('become the next call: in its own cgroup, with the environment a direct spawn gives', {
      timeout: 60_000,
    }, async () => {
      // A proved read-only command (hardened environment) and one that may write (login shell).
      for (const prefix of ['', 'touch written; ']) {
        const manager = testManager({
          sandbox,
          hostEnvironment: { ...process.env, ODD_VALUE: "a'b\nc $HOME `x`" },
        });
        const command = `${prefix}${ENV_DUMP}; ${PIDS_CGROUP}`;
        // The first call of a kind is spawned directly and leaves launchers for the next ones.
        const direct = await run(manager, command);
        expect(await until(() => launchersOf(process.pid).length >= 2, 5_000)).toBe(true);
        const launched = await run(manager, command);
        const environment = (output: string) => output.split('\n').slice(0, -2);
        expect(environment(launched)).toEqual(environment(direct));
        expect(launched).toContain("a'b\nc $HOME `x`\n");
        expect(launched).toMatch(new RegExp(`/toolcall-exec-${process.pid}/call-\\d+\\n$`));
        await manager.teardown();
        expect(launchersOf(process.pid)).toEqual([]);
      }
    });

    it('keep the call bounded: its forks count against its own limit', {
      timeout: 60_000,
    }, async () => {
      const marker = `LAUNCHED_LIMIT_${randomBytes(6).toString('hex')}`;
      markers.push(marker);
      const manager = testManager({ sandbox, processLimit: 6 });
      await run(manager, 'true');
      expect(await until(() => launchersOf(process.pid).length >= 2, 5_000)).toBe(true);
      writeFileSync(
        join(manager.workspaceRoot, 'bomb.sh'),
        'for i in $(seq 40); do sleep 30 & done 2>/dev/null\nwait\n',
      );
      const started = await manager.runBash({
        owner,
        command: `export ${marker}=1; bash ./bomb.sh`,
        yieldTimeMs: 500,
      });
      if (!started.success) throw started.error;
      await until(() => liveMarked(marker).length >= 5, 2_000);
      const samples = Array.from({ length: 10 }, () => liveMarked(marker).length);
      expect(Math.max(...samples)).toBeLessThanOrEqual(6);
      const { executionId } = started.value.facts;
      expect((await manager.stopExecution({ owner, executionId })).success).toBe(true);
      expect(await until(() => liveMarked(marker).length === 0, 2_000)).toBe(true);
      await manager.teardown();
    });
  },
);

// A host that prepared launchers and then ends, however it ends.
const HOST = `
const { createExecManager } = await import(process.argv[1]);
const manager = createExecManager({ workspaceRoot: process.argv[2], sandbox: 'off' });
await manager.runBash({ owner: '/root', command: 'true', yieldTimeMs: 30000 });
await manager.runBash({ owner: '/root', command: 'true', yieldTimeMs: 30000 });
process.stdout.write('ready\\n');
if (process.argv[3] === 'wait') setInterval(() => {}, 1000);
`;

describe.runIf(ProcessCgroups.shared() !== null)('waiting launchers and their host', () => {
  function host(mode: 'end' | 'wait'): ChildProcess {
    const workspace = temporaryDirectory('exec-launcher-host-');
    return spawn(process.execPath, ['--input-type=module', '-e', HOST, BUILT, workspace, mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  }

  it('never keep a host alive that has nothing else to do', { timeout: 30_000 }, async () => {
    const child = host('end');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('end with a host killed by SIGKILL', { timeout: 30_000 }, async () => {
    const child = host('wait');
    await once(child.stdout!, 'data');
    const pid = child.pid!;
    expect(await until(() => launchersOf(pid).length >= 1, 5_000)).toBe(true);
    const launchers = launchersOf(pid);
    child.kill('SIGKILL');
    await once(child, 'exit');
    const alive = () => launchers.filter((launcher) => isRunning(launcher));
    expect(await until(() => alive().length === 0, 5_000)).toBe(true);
  });
});

function isRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) [ZX] /.test(state);
  } catch {
    return false;
  }
}
